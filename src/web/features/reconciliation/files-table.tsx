import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useT } from '../../lib/i18n/i18n.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { fetchFiles } from './api/reconciliation-api.ts';
import { reconciliationFilesKey } from './api/reconciliation-keys.ts';
import { money } from './reconciliation-format.ts';
import styles from './reconciliation.module.css';

/** Imported statement files with their results. */
export function FilesTable() {
  const t = useT();
  const id = useId();
  const files = useQuery({ queryKey: reconciliationFilesKey(), queryFn: fetchFiles });
  const rows = files.data?.data ?? [];
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>{t('reconciliation.files.title')}</h2>
      {files.isError ? <p role="alert">{t('reconciliation.files.error')}</p> : null}
      {files.isSuccess && rows.length === 0 ? <p>{t('reconciliation.files.empty')}</p> : null}
      {rows.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('reconciliation.files.name')}</th>
                <th scope="col">{t('reconciliation.files.imported')}</th>
                <th scope="col">{t('reconciliation.files.lines')}</th>
                <th scope="col">{t('reconciliation.files.matched')}</th>
                <th scope="col">{t('reconciliation.files.exceptions')}</th>
                <th scope="col">{t('reconciliation.files.gross')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id}>
                  <td>{f.name ?? f.id} <span className={styles.muted}>{f.layout}</span></td>
                  <td>{formatDateTime(f.importedAt)}</td>
                  <td>{formatCount(f.lines)}</td>
                  <td>{t('reconciliation.files.matchedOf', { matched: formatCount(f.matchedRecords), total: formatCount(f.saleRecords) })}</td>
                  <td>{formatCount(f.exceptions)}</td>
                  <td>{money(f.grossMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
