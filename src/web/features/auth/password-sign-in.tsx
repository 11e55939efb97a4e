import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { signInWithPassword } from './api/session.ts';
import { FailureBanner } from './failure-banner.tsx';
import { signInFailure, type SignInFailure } from './sign-in-errors.ts';
import { SignInField } from './sign-in-field.tsx';
import styles from './sign-in-page.module.css';

/**
 * Email and password (POST /v1/sign-in). The password is kept in this form's state only until the answer: then the
 * second factor is asked for (`onSecondFactor`) or the session has started (`onSignedIn`).
 */
export function PasswordSignIn({
  onSecondFactor,
  onSignedIn,
  onSending,
  failure: handedFailure,
}: {
  onSecondFactor: (challenge: string, passkey: object | null) => void;
  onSignedIn: () => Promise<void>;
  /** the password is on its way: the code step's chunk may start loading */
  onSending: () => void;
  failure: SignInFailure | null;
}) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(handedFailure);
  const emailError = !checked ? null : email.trim() === '' ? t('auth.signIn.emailEmpty') : /^[^\s@]+@[^\s@]+$/.test(email.trim()) ? null : t('auth.signIn.emailInvalid');
  const passwordError = checked && password === '' ? t('auth.signIn.passwordEmpty') : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const address = email.trim();
    if (pending || address === '' || !/^[^\s@]+@[^\s@]+$/.test(address) || password === '') return;
    setPending(true);
    setFailure(null);
    onSending();
    signInWithPassword(address, password)
      .then((step) => {
        setPassword('');
        return step.next === 'second_factor' ? onSecondFactor(step.challenge, step.passkey) : onSignedIn();
      })
      .catch((error: unknown) => {
        setPending(false);
        setFailure(signInFailure(error, t, 'password'));
      });
  };

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form} aria-label={t('auth.signIn.passwordForm')}>
      <FailureBanner failure={failure} />
      <SignInField label={t('auth.signIn.email')} error={emailError} name="email" type="email" autoComplete="username" inputMode="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <SignInField
        label={t('auth.signIn.password')}
        error={passwordError}
        name="password"
        type={shown ? 'text' : 'password'}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        after={
          <Button onClick={() => setShown((s) => !s)}>
            {shown ? t('auth.signIn.hide') : t('auth.signIn.show')}
          </Button>
        }
      />
      <Button type="submit" variant="primary" className={styles.submit} disabled={pending}>
        {pending ? t('auth.signIn.signingIn') : t('auth.signIn.continue')}
      </Button>
    </form>
  );
}
