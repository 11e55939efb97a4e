import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { passkeyCancelled } from '../../lib/passkey-ceremony.ts';
import { signInWithPasskey } from './api/session.ts';
import { FailureBanner } from './failure-banner.tsx';
import { signInFailure, type SignInFailure } from './sign-in-errors.ts';
import styles from './sign-in-page.module.css';

/**
 * The second step with a passkey (offered first to a person who has one): the browser's prompt, then POST
 * /v1/sign-in/passkey with the password step's challenge. Closing the prompt keeps this step; a passkey the server
 * refused hands over to the code (`onUseCode`), since its challenge was used.
 */
export function PasskeyStep({
  options,
  challenge,
  onSignedIn,
  onUseCode,
  onRestart,
}: {
  options: object;
  challenge: string;
  onSignedIn: () => Promise<void>;
  onUseCode: (failure: SignInFailure | null) => void;
  onRestart: (failure: SignInFailure | null) => void;
}) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);

  const use = () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    signInWithPasskey(options, challenge)
      .then(() => onSignedIn())
      .catch((error: unknown) => {
        setPending(false);
        if (passkeyCancelled(error)) return setFailure({ title: t('auth.signIn.passkeyCancelledTitle'), detail: t('auth.signIn.passkeyCancelledText'), technical: null });
        const failed = signInFailure(error, t, 'passkey');
        return failed.restart ? onRestart(failed) : onUseCode(failed);
      });
  };

  return (
    <div className={styles.form}>
      <FailureBanner failure={failure} />
      <p className={styles.hint}>{t('auth.signIn.passkeyHint')}</p>
      <Button variant="primary" className={styles.submit} disabled={pending} autoFocus onClick={use}>
        {pending ? t('auth.signIn.passkeyWaiting') : t('auth.signIn.passkeyUse')}
      </Button>
      <div className={styles.links}>
        <Button variant="ghost" size="small" onClick={() => onUseCode(null)}>
          {t('auth.signIn.useApp')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => onRestart(null)}>
          {t('auth.signIn.startAgain')}
        </Button>
      </div>
    </div>
  );
}
