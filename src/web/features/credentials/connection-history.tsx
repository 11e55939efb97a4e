import { useQuery } from '@tanstack/react-query';
import type { CredentialChange } from '../../../contract/credentials.ts';
import type { Provider } from '../../../contract/providers.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import { historyQuery } from './api/connections.ts';
import styles from './connection-page.module.css';

function changeText(t: Translate, change: CredentialChange, provider: Provider | undefined): string {
  const shown = (v: CredentialChange['from']) =>
    v === null ? t('credentials.history.none') : typeof v === 'boolean' ? (v ? t('credentials.status.enabled') : t('credentials.status.disabled')) : v;
  const name = change.field.replace(/^authenticationData\./, '');
  const label = change.field === 'enabled' ? t('credentials.columns.status') : (provider?.authenticationFields.find((f) => f.name === name)?.label ?? name);
  return t('credentials.history.change', { label, from: shown(change.from), to: shown(change.to) });
}

/** Who changed the connection, when and what (secret values arrive masked), newest first. */
export function ConnectionHistory({ id, provider }: { id: string; provider: Provider | undefined }) {
  const t = useT();
  const history = useQuery(historyQuery(id));
  if (history.isPending) return <Skeleton lines={3} height="1.25rem" label={t('credentials.history.loading')} />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0) return <p className={styles.muted}>{t('credentials.history.empty')}</p>;
  return (
    <ol className={styles.history}>
      {history.data.map((entry) => (
        <li key={entry.id}>
          <p className={styles.when}>
            <TimeText iso={entry.at} /> · {entry.action === 'created' ? t('credentials.history.created', { actor: entry.actor }) : t('credentials.history.updated', { actor: entry.actor })}
          </p>
          <ul>
            {entry.changes.map((change) => (
              <li key={change.field}>{changeText(t, change, provider)}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
