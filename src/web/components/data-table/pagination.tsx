import { Button } from '../button.tsx';
import { pageSizeOptions } from '../../lib/url-state.ts';
import { describePage, type PageInfo } from './paging.ts';
import styles from './pagination.module.css';

export interface PaginationProps {
  info: PageInfo;
  onPage: (page: number) => void;
  onPageSize: (size: string) => void;
  /** Accessible name, e.g. "Transactions pages". */
  label: string;
}

/** First / previous / next (/ last when the total is known), the page indicator and the page size. */
export function Pagination({ info, onPage, onPageSize, label }: PaginationProps) {
  const sizeId = `${label.replace(/\W+/g, '-').toLowerCase()}-size`;
  return (
    <nav className={styles.bar} aria-label={label}>
      <p className={styles.indicator} aria-live="polite" data-testid="page-indicator">
        {describePage(info)}
      </p>
      <div className={styles.controls}>
        <label className={styles.size} htmlFor={sizeId}>
          <span>Rows per page</span>
          <select id={sizeId} value={String(info.pageSize)} onChange={(e) => onPageSize(e.target.value)}>
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.buttons}>
          <Button size="small" onClick={() => onPage(1)} disabled={!info.hasPrev} aria-label="First page">
            «<span className={styles.wide}> First</span>
          </Button>
          <Button size="small" onClick={() => onPage(info.page - 1)} disabled={!info.hasPrev} aria-label="Previous page">
            ‹<span className={styles.wide}> Previous</span>
          </Button>
          <Button size="small" onClick={() => onPage(info.page + 1)} disabled={!info.hasNext} aria-label="Next page">
            <span className={styles.wide}>Next </span>›
          </Button>
          {info.lastPage !== null ? (
            <Button size="small" onClick={() => onPage(info.lastPage ?? 1)} disabled={info.page >= info.lastPage} aria-label="Last page">
              <span className={styles.wide}>Last </span>»
            </Button>
          ) : null}
        </div>
      </div>
    </nav>
  );
}
