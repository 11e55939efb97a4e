import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { passkeysSupported } from '../../lib/passkey-ceremony.ts';
import { signInSecondFactor } from './api/session.ts';
import { FailureBanner } from './failure-banner.tsx';
import { PasskeyStep } from './passkey-step.tsx';
import { signInFailure, type SignInFailure } from './sign-in-errors.ts';
import { SignInField } from './sign-in-field.tsx';
import styles from './sign-in-page.module.css';

const appCode = /^\d{6}$/;
const recoveryCode = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/**
 * The second step: a passkey first when the person has one (`passkey`: the options), else or on request the
 * authenticator app's 6-digit code, or — with the toggle — one of the recovery codes (POST /v1/sign-in/second-factor).
 * A challenge that expired or was used sends the person back to the password (`onRestart`).
 */
export function SecondFactorSignIn({
  challenge,
  passkey,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  passkey: object | null;
  onSignedIn: () => Promise<void>;
  onRestart: (failure: SignInFailure | null) => void;
}) {
  const t = useT();
  const [withPasskey, setWithPasskey] = useState(passkey !== null && passkeysSupported());
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const value = mode === 'app' ? code.replace(/\s/g, '') : code.trim();
  const valid = (mode === 'app' ? appCode : recoveryCode).test(value);
  const codeError = !checked ? null : value === '' ? t(`auth.signIn.codeEmpty.${mode}`) : valid ? null : t(`auth.signIn.codeInvalid.${mode}`);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (pending || !valid) return;
    setPending(true);
    setFailure(null);
    signInSecondFactor(challenge, value)
      .then(() => onSignedIn())
      .catch((error: unknown) => {
        const failed = signInFailure(error, t, 'code');
        if (failed.restart) return onRestart(failed);
        setPending(false);
        setCode('');
        setFailure(failed);
        input.current?.focus();
      });
  };
  const switchMode = () => {
    setMode((m) => (m === 'app' ? 'recovery' : 'app'));
    setCode('');
    setChecked(false);
    input.current?.focus();
  };

  if (withPasskey && passkey !== null) {
    const useCode = (handed: SignInFailure | null) => {
      setFailure(handed);
      setWithPasskey(false);
    };
    return <PasskeyStep options={passkey} challenge={challenge} onSignedIn={onSignedIn} onUseCode={useCode} onRestart={onRestart} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form} aria-label={t('auth.signIn.codeForm')}>
      <FailureBanner failure={failure} />
      <SignInField
        ref={input}
        key={mode}
        label={t(`auth.signIn.codeLabel.${mode}`)}
        hint={t(`auth.signIn.codeHint.${mode}`)}
        error={codeError}
        name="code"
        autoComplete="one-time-code"
        inputMode={mode === 'app' ? 'numeric' : 'text'}
        maxLength={mode === 'app' ? 7 : 11}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="primary" className={styles.submit} disabled={pending}>
        {pending ? t('auth.signIn.signingIn') : t('auth.signIn.submit')}
      </Button>
      <div className={styles.links}>
        <Button variant="ghost" size="small" onClick={switchMode}>
          {t(mode === 'app' ? 'auth.signIn.useRecovery' : 'auth.signIn.useApp')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => onRestart(null)}>
          {t('auth.signIn.startAgain')}
        </Button>
      </div>
    </form>
  );
}
