import type { Ref } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../components/banner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import styles from './credential-form.module.css';
import { existingCredentialId, type MappedProblem } from './problem-fields.ts';
import { connectionPath } from './connection-paths.ts';

export interface FormError {
  title: string;
  detail: string | null;
  unmatched: MappedProblem['unmatched'];
  existingId: string | null;
  fieldCount: number;
}

export function toFormError(t: Translate, error: unknown, mapped: MappedProblem): FormError {
  const described = describeError(error, t);
  const problem = isApiError(error) ? error.problem : null;
  const conflict = isApiError(error) && error.status === 409;
  return {
    title: conflict ? t('credentials.duplicate.title') : described.title,
    // a 409's detail repeats the id: the banner names it once, with a link
    detail: conflict ? null : described.detail,
    unmatched: mapped.unmatched,
    existingId: conflict ? existingCredentialId(problem) : null,
    fieldCount: mapped.fields.length,
  };
}

/** The server's answer when it is not (only) about one field: a 409 names the existing connection once, with a link. */
export function FormErrorBanner({ error, ref }: { error: FormError; ref?: Ref<HTMLDivElement> }) {
  const t = useT();
  return (
    <div ref={ref} tabIndex={-1} className={styles.bannerFocus}>
      <Banner tone="error" title={error.title} className={styles.banner}>
        {error.detail ? <p>{error.detail}</p> : null}
        {error.existingId ? (
          <p className={styles.existing}>
            {t('credentials.duplicate.text')} <code data-testid="existing-credential-id">{error.existingId}</code>{' '}
            <Link to={connectionPath(error.existingId)}>{t('credentials.duplicate.open')}</Link>
          </p>
        ) : null}
        {error.unmatched.length > 0 ? (
          <ul className={styles.problems}>
            {error.unmatched.map((e, i) => (
              <li key={i}>
                {e.where ? <code>{e.where}</code> : null} {e.detail}
              </li>
            ))}
          </ul>
        ) : null}
        {error.fieldCount > 0 ? <p>{t('credentials.create.fixFields', { count: error.fieldCount })}</p> : null}
      </Banner>
    </div>
  );
}
