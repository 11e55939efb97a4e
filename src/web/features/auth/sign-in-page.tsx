import { useId, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { startSession, usesCookieSession } from '../../lib/session.ts';
import { safeNextPath } from './access.ts';
import { signInWith } from './api/session.ts';
import styles from './sign-in-page.module.css';
import { useSession } from './use-token.ts';
import { rememberVerifiedMe } from './verified-me.ts';
import { TechnicalDetails } from '../../components/technical-details.tsx';
import { SsoSignIn } from './sso-sign-in.tsx';

/** The token check: a direct call, no query cache (that lives behind sign-in, see app/signed-in-layout.tsx). */
type Check = { state: 'idle' } | { state: 'pending' } | { state: 'failed'; error: unknown };

function signInError(error: unknown, t: Translate): { title: string; detail: string; technical: string | null } {
  const described = describeError(error, t);
  if (isApiError(error) && error.status === 401) {
    return { title: t('auth.signIn.rejectedTitle'), detail: t('auth.signIn.rejectedText'), technical: null };
  }
  return { title: t('auth.signIn.failedTitle', { reason: described.title }), detail: described.detail, technical: described.technical };
}

export function SignInPage() {
  const session = useSession();
  const t = useT();
  const [params] = useSearchParams();
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const [emptyError, setEmptyError] = useState(false);
  const inputId = useId();
  const next = safeNextPath(params.get('next'));
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  if (session.status === 'signed-in') return <Navigate to={next ?? '/'} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = value.trim();
    setEmptyError(candidate === '');
    if (candidate === '' || check.state === 'pending') return;
    setCheck({ state: 'pending' });
    signInWith(candidate).then(
      (me) => {
        rememberVerifiedMe(me);
        startSession(usesCookieSession() ? null : candidate);
      },
      (error: unknown) => setCheck({ state: 'failed', error }),
    );
  };
  const failure = check.state === 'failed' ? signInError(check.error, t) : null;
  const errorId = `${inputId}-error`;

  return (
    <main className={styles.page} id="main">
      <div className={styles.card}>
        <p className={styles.brand}>{t('app.name')}</p>
        <h1 className={styles.title}>{t('auth.signIn.title')}</h1>
        <p className={styles.lead}>{t(usesCookieSession() ? 'auth.signIn.leadSession' : 'auth.signIn.leadTab')}</p>
        {params.get('reason') === 'expired' && !failure ? (
          <Banner tone="notice" title={t('auth.signIn.expiredTitle')} className={styles.banner}>
            {t('auth.signIn.expiredText')}
          </Banner>
        ) : null}
        {failure ? (
          <Banner tone="error" title={failure.title} className={styles.banner}>
            {failure.detail}
            <TechnicalDetails text={failure.technical} />
          </Banner>
        ) : null}
        <form onSubmit={onSubmit} noValidate className={styles.form}>
          <label htmlFor={inputId} className={styles.label}>
            {t('auth.signIn.tokenLabel')}
          </label>
          <div className={styles.row}>
            <input
              id={inputId}
              name="token"
              type={shown ? 'text' : 'password'}
              className={styles.input}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              autoFocus
              value={value}
              aria-invalid={emptyError || failure !== null || undefined}
              aria-describedby={emptyError ? errorId : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
            <Button onClick={() => setShown((s) => !s)} aria-controls={inputId}>
              {shown ? t('auth.signIn.hide') : t('auth.signIn.show')}
            </Button>
          </div>
          {emptyError ? (
            <p id={errorId} className={styles.fieldError}>
              {t('auth.signIn.empty')}
            </p>
          ) : null}
          <Button type="submit" variant="primary" className={styles.submit} disabled={check.state === 'pending'}>
            {check.state === 'pending' ? t('auth.signIn.checking') : t('auth.signIn.submit')}
          </Button>
        </form>
        <SsoSignIn next={next} />
        <LanguageSwitch className={styles.language} />
      </div>
    </main>
  );
}
