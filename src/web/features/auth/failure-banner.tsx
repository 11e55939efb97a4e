import { Banner } from '../../components/banner.tsx';
import { TechnicalDetails } from '../../components/technical-details.tsx';
import type { SignInFailure } from './sign-in-errors.ts';
import styles from './sign-in-page.module.css';

/** A failed sign-in step, announced at once (role=alert), the server's words folded away. */
export function FailureBanner({ failure }: { failure: SignInFailure | null }) {
  if (!failure) return null;
  return (
    <Banner tone="error" title={failure.title} className={styles.banner}>
      {failure.detail}
      <TechnicalDetails text={failure.technical} />
    </Banner>
  );
}
