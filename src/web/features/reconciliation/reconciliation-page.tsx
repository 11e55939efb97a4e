import { useT } from '../../lib/i18n/i18n.tsx';
import { ExceptionsQueue } from './exceptions-queue.tsx';
import { FilesTable } from './files-table.tsx';
import { UploadPanel } from './upload-panel.tsx';
import styles from './reconciliation.module.css';

/** /reconciliation: upload an acquirer's statement file, work the exceptions queue, see the imported files. */
export function ReconciliationPage() {
  const t = useT();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('reconciliation.title')}</h1>
      <p className={styles.hint}>{t('reconciliation.subtitle')}</p>
      <UploadPanel />
      <ExceptionsQueue />
      <FilesTable />
    </div>
  );
}
