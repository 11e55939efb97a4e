import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { startSession, usesCookieSession } from '../../lib/session.ts';
import { signInWith } from './api/session.ts';
import { FailureBanner } from './failure-banner.tsx';
import { signInFailure, type SignInFailure } from './sign-in-errors.ts';
import styles from './sign-in-page.module.css';
import { rememberVerifiedMe } from './verified-me.ts';

/**
 * Sign-in with an access token: developers' (ALLOW_TOKEN_SIGN_IN, which /config.js tells), or a dashboard on another
 * origin (a bearer token kept in this tab). The check is a direct call, no query cache (that lives behind sign-in).
 */
export function TokenSignIn({ autoFocus }: { autoFocus: boolean }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const [emptyError, setEmptyError] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = value.trim();
    setEmptyError(candidate === '');
    if (candidate === '' || pending) return;
    setPending(true);
    signInWith(candidate).then(
      (me) => {
        rememberVerifiedMe(me);
        startSession(usesCookieSession() ? null : candidate);
      },
      (error: unknown) => {
        setPending(false);
        setFailure(signInFailure(error, t, 'token'));
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <FailureBanner failure={failure} />
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
          autoFocus={autoFocus}
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
      <Button type="submit" variant={autoFocus ? 'primary' : 'secondary'} className={styles.submit} disabled={pending}>
        {pending ? t('auth.signIn.checking') : t('auth.signIn.submit')}
      </Button>
    </form>
  );
}
