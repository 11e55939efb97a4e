import { Skeleton } from '../skeleton.tsx';
import styles from './table-skeleton.module.css';

/** First load: the table's outline with shimmering rows, so the layout does not jump when data arrives. */
export function TableSkeleton({ rows = 8, label }: { rows?: number; label: string }) {
  return (
    <div className={styles.frame} aria-label={label} role="status" aria-busy="true">
      <div className={styles.head} />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.row}>
          <Skeleton width="1rem" label="" />
          <Skeleton width="9rem" label="" />
          <Skeleton width="6rem" label="" />
          <Skeleton width="5rem" label="" />
          <Skeleton width="7rem" label="" />
        </div>
      ))}
    </div>
  );
}
