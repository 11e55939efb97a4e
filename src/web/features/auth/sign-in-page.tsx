import { useId, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { describeError } from '../../lib/errors.ts';
import { setToken } from '../../lib/session.ts';
import { safeNextPath } from './access.ts';
import { fetchMeWithToken } from './api/me.ts';
import styles from './sign-in-page.module.css';
import { useToken } from './use-token.ts';
import { rememberVerifiedMe } from './verified-me.ts';

/** The token check: a direct call, no query cache (that lives behind sign-in, see app/signed-in-layout.tsx). */
type Check = { state: 'idle' } | { state: 'pending' } | { state: 'failed'; error: unknown };

function signInError(error: unknown): { title: string; detail: string } {
  if (isApiError(error) && error.status === 401) {
    return { title: 'This token was not accepted', detail: 'Check that you pasted the whole token and that it has not been revoked.' };
  }
  const described = describeError(error);
  return { title: `Could not sign in: ${described.title}`, detail: described.detail };
}

export function SignInPage() {
  const token = useToken();
  const [params] = useSearchParams();
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const [emptyError, setEmptyError] = useState(false);
  const inputId = useId();
  const next = safeNextPath(params.get('next'));
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  if (token !== null) return <Navigate to={next ?? '/'} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = value.trim();
    setEmptyError(candidate === '');
    if (candidate === '' || check.state === 'pending') return;
    setCheck({ state: 'pending' });
    fetchMeWithToken(candidate).then(
      (me) => {
        rememberVerifiedMe(candidate, me);
        setToken(candidate);
      },
      (error: unknown) => setCheck({ state: 'failed', error }),
    );
  };
  const failure = check.state === 'failed' ? signInError(check.error) : null;
  const errorId = `${inputId}-error`;

  return (
    <main className={styles.page} id="main">
      <div className={styles.card}>
        <p className={styles.brand}>Acquirer Console</p>
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.lead}>Paste the access token your organization issued. It is kept in this browser tab only and forgotten when the tab closes.</p>
        {params.get('reason') === 'expired' && !failure ? (
          <Banner tone="notice" title="Your session ended" className={styles.banner}>
            The server no longer accepts the token. Sign in again to continue where you were.
          </Banner>
        ) : null}
        {failure ? (
          <Banner tone="error" title={failure.title} className={styles.banner}>
            {failure.detail}
          </Banner>
        ) : null}
        <form onSubmit={onSubmit} noValidate className={styles.form}>
          <label htmlFor={inputId} className={styles.label}>
            Access token
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
              {shown ? 'Hide' : 'Show'}
            </Button>
          </div>
          {emptyError ? (
            <p id={errorId} className={styles.fieldError}>
              Paste an access token to sign in.
            </p>
          ) : null}
          <Button type="submit" variant="primary" className={styles.submit} disabled={check.state === 'pending'}>
            {check.state === 'pending' ? 'Checking token…' : 'Sign in'}
          </Button>
        </form>
        <LanguageSwitch className={styles.language} />
      </div>
    </main>
  );
}
