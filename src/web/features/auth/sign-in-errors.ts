import { isApiError } from '../../lib/api-client.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';

export interface SignInFailure {
  title: string;
  detail: string;
  technical: string | null;
  /** the sign-in took too long or its challenge was used: start again from the password */
  restart?: boolean;
}

/** What the step asked for: the error says what went wrong with that, and nothing about which emails exist. */
export type SignInStage = 'password' | 'code' | 'token' | 'passkey';

const problemType = (error: unknown) => (isApiError(error) ? (error.problem?.type ?? '') : '');

/** A failed sign-in step in words: generic for wrong credentials, the wait for a 429, the rest as any problem. */
export function signInFailure(error: unknown, t: Translate, stage: SignInStage): SignInFailure {
  if (isApiError(error) && error.status === 429) {
    const minutes = error.retryAfter === null ? null : Math.max(1, Math.ceil(error.retryAfter / 60));
    return { title: t('auth.signIn.limitedTitle'), detail: minutes === null ? t('auth.signIn.limitedLater') : t('auth.signIn.limitedText', { minutes }), technical: null };
  }
  if (isApiError(error) && error.status === 401) {
    if (stage === 'token') return { title: t('auth.signIn.rejectedTitle'), detail: t('auth.signIn.rejectedText'), technical: null };
    if (stage === 'password') return { title: t('auth.signIn.passwordRejectedTitle'), detail: t('auth.signIn.passwordRejectedText'), technical: null };
    if (problemType(error).endsWith('/sign-in-expired')) return { title: t('auth.signIn.codeExpiredTitle'), detail: t('auth.signIn.codeExpiredText'), technical: null, restart: true };
    if (stage === 'passkey') return { title: t('auth.signIn.passkeyRejectedTitle'), detail: t('auth.signIn.passkeyRejectedText'), technical: null };
    return { title: t('auth.signIn.codeRejectedTitle'), detail: t('auth.signIn.codeRejectedText'), technical: null };
  }
  if (stage === 'token' && isApiError(error) && error.status === 403 && problemType(error).endsWith('/token-sign-in-off')) {
    return { title: t('auth.signIn.tokenOffTitle'), detail: t('auth.signIn.tokenOffText'), technical: null };
  }
  const described = describeError(error, t);
  return { title: t('auth.signIn.failedTitle', { reason: described.title }), detail: described.detail, technical: described.technical };
}
