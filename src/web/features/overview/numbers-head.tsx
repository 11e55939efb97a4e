import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './overview.module.css';

/** The header row of the Overview's number tables: what the rows are, then count, approved amount and rate. */
export function NumbersHead({ first }: { first: string }) {
  const t = useT();
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className={styles.num}>
          {t('overview.table.count')}
        </th>
        <th scope="col" className={styles.num}>
          {t('overview.table.approvedAmount')}
        </th>
        <th scope="col" className={styles.num}>
          {t('overview.table.rate')}
        </th>
      </tr>
    </thead>
  );
}
