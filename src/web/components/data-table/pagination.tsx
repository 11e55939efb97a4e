import { Button } from '../button.tsx';
import { pageSizeOptions } from '../../lib/url-state.ts';
import { describePage, type PageInfo } from './paging.ts';
import type { PageRel } from '../../lib/use-list-paging.ts';
import styles from './pagination.module.css';
import { useT } from '../../lib/i18n/i18n.tsx';

export interface PaginationProps {
  info: PageInfo;
  /** opens the first, previous, next or last page (the Link header's targets in `info`) */
  onGo: (rel: PageRel) => void;
  onPageSize: (size: string) => void;
  /** Accessible name, e.g. "Transactions pages". */
  label: string;
}

/** First / previous / next (/ last when the server names a last page), the page indicator and the page size. */
export function Pagination({ info, onGo, onPageSize, label }: PaginationProps) {
  const t = useT();
  const sizeId = `${label.replace(/\W+/g, '-').toLowerCase()}-size`;
  return (
    <nav className={styles.bar} aria-label={label}>
      <p className={styles.indicator} aria-live="polite" data-testid="page-indicator">
        {describePage(info, t)}
      </p>
      <div className={styles.controls}>
        <label className={styles.size} htmlFor={sizeId}>
          <span>{t('components.paging.rowsPerPage')}</span>
          <select id={sizeId} value={String(info.pageSize)} onChange={(e) => onPageSize(e.target.value)}>
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.buttons}>
          <Button size="small" onClick={() => onGo('first')} disabled={!info.hasPrev} aria-label={t('components.paging.firstPage')}>
            «<span className={styles.wide}> {t('components.paging.first')}</span>
          </Button>
          <Button size="small" onClick={() => onGo('prev')} disabled={!info.hasPrev} aria-label={t('components.paging.previousPage')}>
            ‹<span className={styles.wide}> {t('components.paging.previous')}</span>
          </Button>
          <Button size="small" onClick={() => onGo('next')} disabled={!info.hasNext} aria-label={t('components.paging.nextPage')}>
            <span className={styles.wide}>{t('components.paging.next')} </span>›
          </Button>
          {info.targets.last !== null ? (
            <Button size="small" onClick={() => onGo('last')} disabled={!info.hasNext} aria-label={t('components.paging.lastPage')}>
              <span className={styles.wide}>{t('components.paging.last')} </span>»
            </Button>
          ) : null}
        </div>
      </div>
    </nav>
  );
}
