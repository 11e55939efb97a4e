import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { passkeyCancelled } from '../../lib/passkey-ceremony.ts';
import { signInWithPasskeyAlone } from './api/session.ts';
import { FailureBanner } from './failure-banner.tsx';
import { signInFailure, type SignInFailure } from './sign-in-errors.ts';
import styles from './sign-in-page.module.css';

/**
 * "Use a passkey instead" (a sign-in with the passkey alone): no email or password; the browser offers the passkeys it holds for this site, and the
 * device verifies the person (PIN or biometrics), so the passkey alone is two factors.
 */
export function PasskeyAloneSignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);

  const use = () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    signInWithPasskeyAlone()
      .then(() => onSignedIn())
      .catch((error: unknown) => {
        setPending(false);
        if (!passkeyCancelled(error)) setFailure(signInFailure(error, t, 'passkey'));
      });
  };

  return (
    <div className={styles.passkeyAlone}>
      <FailureBanner failure={failure} />
      <Button className={styles.submit} disabled={pending} onClick={use}>
        {pending ? t('auth.signIn.passkeyWaiting') : t('auth.signIn.passkeyAlone')}
      </Button>
    </div>
  );
}
