import { lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Banner } from '../../components/banner.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { passkeysSupported } from '../../lib/passkey-ceremony.ts';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { startSession, usesCookieSession } from '../../lib/session.ts';
import { safeNextPath } from './access.ts';
import { fetchSignedInMe } from './api/session.ts';
import { PasskeyAloneSignIn } from './passkey-alone-sign-in.tsx';
import { PasswordSignIn } from './password-sign-in.tsx';
import type { SignInFailure } from './sign-in-errors.ts';
import styles from './sign-in-page.module.css';
import { SsoSignIn } from './sso-sign-in.tsx';
import { TokenSignIn } from './token-sign-in.tsx';
import { useSession } from './use-token.ts';
import { rememberVerifiedMe } from './verified-me.ts';

// The code step only for people who enrolled an app: its own chunk, asked for as the password is sent.
const loadSecondFactor = () => import('./second-factor-sign-in.tsx');
const SecondFactorSignIn = lazy(async () => ({ default: (await loadSecondFactor()).SecondFactorSignIn }));

type Step = { name: 'password'; failure: SignInFailure | null } | { name: 'second-factor'; challenge: string; passkey: object | null };

/** The session cookie is set: the identity for the signed-in layout, then the tab is signed in (and goes to `next`). */
async function finishSignIn(): Promise<void> {
  rememberVerifiedMe(await fetchSignedInMe());
  startSession(null);
}

/**
 * Sign-in: email and password, then a passkey or the authenticator app's code (or a recovery code) when the person
 * enrolled one; or a passkey alone ("Use a passkey instead").
 * The access-token form is there only when the server accepts it (/config.js `tokenSignIn`: ALLOW_TOKEN_SIGN_IN,
 * developers) or for a dashboard on another origin, which can only use a bearer token. Nothing typed here reaches the
 * URL or storage: the fields live in component state until the answer.
 */
export function SignInPage() {
  const session = useSession();
  const t = useT();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [step, setStep] = useState<Step>({ name: 'password', failure: null });
  const [restarts, setRestarts] = useState(0);

  if (session.status === 'signed-in') return <Navigate to={next ?? '/'} replace />;

  const people = usesCookieSession();
  const tokens = !people || getRuntimeConfig().tokenSignIn;
  const restart = (failure: SignInFailure | null) => {
    setRestarts((n) => n + 1);
    setStep({ name: 'password', failure });
  };
  const lead = !people ? 'auth.signIn.leadTab' : step.name === 'password' ? 'auth.signIn.leadPassword' : step.passkey && passkeysSupported() ? 'auth.signIn.leadPasskey' : 'auth.signIn.leadCode';

  return (
    <main className={styles.page} id="main">
      <div className={styles.card}>
        <p className={styles.brand}>{t('app.name')}</p>
        <h1 className={styles.title}>{t(step.name === 'second-factor' ? 'auth.signIn.codeTitle' : 'auth.signIn.title')}</h1>
        <p className={styles.lead}>{t(lead)}</p>
        {params.get('reason') === 'expired' && step.name === 'password' ? (
          <Banner tone="notice" title={t('auth.signIn.expiredTitle')} className={styles.banner}>
            {t('auth.signIn.expiredText')}
          </Banner>
        ) : null}
        {people && step.name === 'password' ? (
          <PasswordSignIn key={restarts} failure={step.failure} onSending={() => void loadSecondFactor()} onSignedIn={finishSignIn} onSecondFactor={(challenge, passkey) => setStep({ name: 'second-factor', challenge, passkey })} />
        ) : null}
        {people && step.name === 'password' && passkeysSupported() ? (
          <PasskeyAloneSignIn onSignedIn={finishSignIn} />
        ) : null}
        {people && step.name === 'second-factor' ? (
          <Suspense fallback={null}>
            <SecondFactorSignIn challenge={step.challenge} passkey={step.passkey} onSignedIn={finishSignIn} onRestart={restart} />
          </Suspense>
        ) : null}
        {/* "Sign in with your company" (OIDC single sign-on): shown when the server offers it */}
        {step.name === 'password' ? <SsoSignIn next={next} /> : null}
        {tokens && step.name === 'password' ? (
          people ? (
            // a plain block, not a named region: a region named "… access token" would be found as the token field too
            <div className={styles.tokens}>
              <h2 className={styles.tokensTitle}>
                {t('auth.signIn.tokensTitle')}
              </h2>
              <p className={styles.hint}>{t('auth.signIn.leadSession')}</p>
              <TokenSignIn autoFocus={false} />
            </div>
          ) : (
            <TokenSignIn autoFocus />
          )
        ) : null}
        <LanguageSwitch className={styles.language} />
      </div>
    </main>
  );
}
