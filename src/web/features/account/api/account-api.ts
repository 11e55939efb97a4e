import { queryOptions } from '@tanstack/react-query';
import { Passkey, PasskeyCreationOptions, PasskeyList, type PasskeyRegistration } from '../../../../contract/passkeys.ts';
import { Account, AccountSessionList, RecoveryCodes, TotpEnrolment } from '../../../../contract/people.ts';
import { createPasskey } from '../../../lib/passkey-ceremony.ts';
import { api } from '../../../lib/api-client.ts';
import { accountKey, accountPasskeysKey, accountSessionsKey } from './account-keys.ts';

/** GET /v1/account: the signed-in person (403 person-required for a token's session). */
export const accountQuery = () => queryOptions({ queryKey: accountKey(), queryFn: async ({ signal }) => (await api('getAccount', Account, { signal })).data, staleTime: 30_000 });

/** GET /v1/account/sessions: this person's dashboard sessions, this one marked. */
export const sessionsQuery = () => queryOptions({ queryKey: accountSessionsKey(), queryFn: async ({ signal }) => (await api('listAccountSessions', AccountSessionList, { signal })).data });

/** POST /v1/account/password (204): every other session of the person ends. */
export const changePassword = async (currentPassword: string, newPassword: string) => {
  await api('changePassword', null, { body: { currentPassword, newPassword } });
};

/** POST /v1/account/second-factor: a new secret, its otpauth URI and QR code (pending until confirmed). */
export const startSecondFactor = async () => (await api('startSecondFactor', TotpEnrolment)).data;

/** POST /v1/account/second-factor/confirm: the app's first code; answers the recovery codes, shown once. */
export const confirmSecondFactor = async (code: string) => (await api('confirmSecondFactor', RecoveryCodes, { body: { code } })).data.codes;

/** POST /v1/account/recovery-codes: ten new codes; the old ones stop working. */
export const renewRecoveryCodes = async () => (await api('renewRecoveryCodes', RecoveryCodes)).data.codes;

/** DELETE /v1/account/sessions/{id}: ends one session. */
export const endAccountSession = async (id: string) => {
  await api('endAccountSession', null, { path: { id } });
};

/** DELETE /v1/account/sessions: ends every session of the person, this one too (the cookie is cleared). */
export const endEverySession = async () => {
  await api('endAccountSessions', null);
};

/** GET /v1/account/passkeys: this person's passkeys, oldest first. */
export const passkeysQuery = () => queryOptions({ queryKey: accountPasskeysKey(), queryFn: async ({ signal }) => (await api('listPasskeys', PasskeyList, { signal })).data });

/** Registers a passkey: the server's options (POST …/passkeys/options), the browser's prompt, its answer and the name (POST …/passkeys). */
export const addPasskey = async (name: string) => {
  const options = (await api('startPasskeyRegistration', PasskeyCreationOptions)).data;
  // the library's JSON interfaces are the contract's shapes (which also let further WebAuthn members through)
  const response = (await createPasskey(options)) as unknown as PasskeyRegistration['response'];
  return (await api('addPasskey', Passkey, { body: { name, response } })).data;
};

/** PATCH /v1/account/passkeys/{id}: a new name. */
export const renamePasskey = async (id: string, name: string) => (await api('renamePasskey', Passkey, { path: { id }, body: { name } })).data;

/** POST /v1/account/passkeys/{id}/removal: with the current password (not needed within 10 minutes of signing in). */
export const removePasskey = async (id: string, password: string) => {
  await api('removePasskey', null, { path: { id }, body: password === '' ? {} : { password } });
};
