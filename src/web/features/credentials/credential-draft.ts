import type { Provider } from '../../../contract/providers.ts';
import type { CredentialFormValues } from './credential-schema.ts';

const draftKey = 'acq.credentialDraft';

/**
 * When a submit ends the session (401), what the operator typed is kept for this tab (secret fields
 * excepted) and restored once, after sign-in brings them back to the form.
 */
export function saveDraft(values: CredentialFormValues, provider: Provider | undefined): void {
  const secret = new Set(provider?.authenticationFields.filter((f) => f.secret).map((f) => f.name));
  const authenticationData = Object.fromEntries(Object.entries(values.authenticationData).filter(([name]) => !secret.has(name)));
  try {
    sessionStorage.setItem(draftKey, JSON.stringify({ ...values, authenticationData }));
  } catch {
    // storage unavailable: nothing to keep
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(draftKey);
  } catch {
    // storage unavailable
  }
}

/** The kept draft, if any (pure: call clearDraft once it is in the form). */
export function readDraft(): Partial<CredentialFormValues> | null {
  try {
    const text = sessionStorage.getItem(draftKey);
    if (!text) return null;
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const draft = parsed as Record<string, unknown>;
    const auth = typeof draft.authenticationData === 'object' && draft.authenticationData !== null ? draft.authenticationData : {};
    return {
      merchantId: typeof draft.merchantId === 'string' ? draft.merchantId : '',
      providerId: typeof draft.providerId === 'string' ? draft.providerId : '',
      status: draft.status === 'disconnected' ? 'disconnected' : 'connected',
      authenticationData: Object.fromEntries(Object.entries(auth).filter((e): e is [string, string] => typeof e[1] === 'string')),
    };
  } catch {
    return null;
  }
}
