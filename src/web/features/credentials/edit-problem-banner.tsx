import type { Ref } from 'react';
import { Link } from 'react-router';
import type { Credential } from '../../../contract/credentials.ts';
import type { Provider } from '../../../contract/providers.ts';
import { Banner } from '../../components/banner.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './credential-form.module.css';
import { connectionPath } from './connection-paths.ts';

export type EditProblem =
  | { kind: 'stale'; current: Credential | null }
  | { kind: 'duplicate'; existingId: string | null }
  | { kind: 'unchanged' }
  | { kind: 'other'; detail: string };

/** Why a save did not happen; for a 412, the values someone else saved. Focusable: focus moves here. */
export function EditProblemBanner({ problem, provider, ref }: { problem: EditProblem; provider: Provider; ref: Ref<HTMLDivElement> }) {
  const t = useT();
  const labels = new Map(provider.authenticationFields.map((f) => [f.name, f.label]));
  let title: string;
  let body;
  if (problem.kind === 'stale') {
    title = t('credentials.edit.staleTitle');
    body = (
      <>
        <p>{t('credentials.edit.staleText')}</p>
        {problem.current ? (
          <ul className={styles.problems} data-testid="current-values">
            <li>{problem.current.enabled ? t('credentials.status.enabled') : t('credentials.status.disabled')}</li>
            {Object.entries(problem.current.authenticationData).map(([name, value]) => (
              <li key={name}>
                {labels.get(name) ?? name}: <code>{value}</code>
              </li>
            ))}
          </ul>
        ) : null}
      </>
    );
  } else if (problem.kind === 'duplicate') {
    title = t('credentials.duplicate.title');
    body = (
      <p className={styles.existing}>
        {t('credentials.duplicate.text')} <code data-testid="existing-credential-id">{problem.existingId}</code>{' '}
        {problem.existingId ? <Link to={connectionPath(problem.existingId)}>{t('credentials.duplicate.open')}</Link> : null}
      </p>
    );
  } else if (problem.kind === 'unchanged') {
    title = t('credentials.edit.unchangedTitle');
    body = <p>{t('credentials.edit.unchangedText')}</p>;
  } else {
    title = t('credentials.edit.failedTitle');
    body = <p>{problem.detail}</p>;
  }
  return (
    <div ref={ref} tabIndex={-1} className={styles.bannerFocus}>
      <Banner tone={problem.kind === 'unchanged' ? 'info' : 'error'} title={title} className={styles.banner}>
        {body}
      </Banner>
    </div>
  );
}
