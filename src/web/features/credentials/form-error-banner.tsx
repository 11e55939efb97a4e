import { Banner } from '../../components/banner.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import styles from './credential-form.module.css';
import { existingCredentialId, type MappedProblem } from './problem-fields.ts';

export interface FormError {
  title: string;
  detail: string;
  unmatched: MappedProblem['unmatched'];
  existingId: string | null;
  fieldCount: number;
}

export function toFormError(error: unknown, mapped: MappedProblem, t: Translate): FormError {
  const described = describeError(error, t);
  const problem = isApiError(error) ? error.problem : null;
  const conflict = isApiError(error) && error.status === 409;
  return {
    title: conflict ? 'This acquirer connection already exists' : described.title,
    detail: described.detail,
    unmatched: mapped.unmatched,
    existingId: conflict ? existingCredentialId(problem) : null,
    fieldCount: mapped.fields.length,
  };
}

/** The server's answer when it is not (only) about one field: 409 names the existing credential. */
export function FormErrorBanner({ error }: { error: FormError }) {
  return (
    <Banner tone="error" title={error.title} className={styles.banner}>
      <p>{error.detail}</p>
      {error.existingId ? (
        <p className={styles.existing}>
          Existing credential: <code data-testid="existing-credential-id">{error.existingId}</code>
          <CopyButton text={error.existingId} label="existing credential id" />
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
      {error.fieldCount > 0 ? <p>Fix the highlighted {error.fieldCount === 1 ? 'field' : 'fields'} and send again.</p> : null}
    </Banner>
  );
}
