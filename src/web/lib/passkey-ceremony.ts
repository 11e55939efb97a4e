import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';

/**
 * The browser's half of a passkey ceremony (WebAuthn) through @simplewebauthn/browser, loaded only when a passkey is
 * made or used: the server's options go to navigator.credentials, the answer (JSON) goes back to the server. Nothing
 * of it is kept in the page: the challenge lives on the server, the private key in the authenticator.
 */
const library = () => import('@simplewebauthn/browser');

/** The browser can make and use passkeys at all (a secure context with WebAuthn). */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';

export async function createPasskey(options: unknown): Promise<RegistrationResponseJSON> {
  return (await library()).startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
}

export async function assertPasskey(options: unknown): Promise<AuthenticationResponseJSON> {
  return (await library()).startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/** The person closed the browser's passkey prompt, or it timed out: not a failure to report loudly. */
export const passkeyCancelled = (error: unknown): boolean => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
