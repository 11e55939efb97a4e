import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { providerNames } from '../../../contract/enums.ts';
import { ageingBuckets, reconciliationOutcomes, type BulkResolutionAction, type ReconciliationException } from '../../../contract/reconciliation.ts';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { formatCount } from '../../lib/format.ts';
import { useMe } from '../../lib/me-context.tsx';
import { money } from './reconciliation-format.ts';
import { bulkResolve, fetchAgeing, fetchExceptions, fetchFiles } from './api/reconciliation-api.ts';
import { reconciliationAgeingKey, reconciliationExceptionsKey, reconciliationFilesKey, reconciliationKey } from './api/reconciliation-keys.ts';
import { ExceptionRow } from './exception-row.tsx';
import { ResolutionFields } from './resolution-fields.tsx';
import styles from './reconciliation.module.css';

/** The open exceptions: filters, ageing buckets, one row each with its actions, and one action for all of them. */
export function ExceptionsQueue() {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const me = useMe();
  const files = useQuery({ queryKey: reconciliationFilesKey(), queryFn: fetchFiles });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [bulkNote, setBulkNote] = useState('');
  const [bulkAction, setBulkAction] = useState<BulkResolutionAction>('resolve');
  // a page of 100 at a time; "Show more" follows the list's nextCursor (the bulk action covers the whole filter anyway)
  const list = useInfiniteQuery({
    queryKey: reconciliationExceptionsKey(filters),
    queryFn: ({ pageParam }) => fetchExceptions({ ...filters, limit: '100', ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const ageing = useQuery({ queryKey: reconciliationAgeingKey(filters), queryFn: () => fetchAgeing(filters) });
  const bulk = useMutation({
    mutationFn: () => bulkResolve({ filter: filters, action: bulkAction, note: bulkNote }),
    onSuccess: () => {
      setBulkNote('');
      void queryClient.invalidateQueries({ queryKey: reconciliationKey() });
    },
  });
  const setFilter = (key: string, value: string) => setFilters((current) => {
    const next = { ...current };
    if (value) next[key] = value;
    else delete next[key];
    return next;
  });
  const total = ageing.data?.buckets.reduce((sum, b) => sum + b.count, 0) ?? 0;
  const rows: ReconciliationException[] = list.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>{t('reconciliation.queue.title')}</h2>
      <div className={styles.filters}>
        <label>
          {t('reconciliation.filter.outcome')}
          <select value={filters.outcome ?? ''} onChange={(e) => setFilter('outcome', e.target.value)}>
            <option value="">{t('reconciliation.filter.any')}</option>
            {reconciliationOutcomes.map((o) => <option key={o} value={o}>{t(`reconciliation.outcome.${o}`)}</option>)}
          </select>
        </label>
        <label>
          {t('reconciliation.filter.acquirer')}
          <select value={filters.acquirer ?? ''} onChange={(e) => setFilter('acquirer', e.target.value)}>
            <option value="">{t('reconciliation.filter.any')}</option>
            {providerNames.map((p) => <option key={p} value={p}>{p}</option>)}
          </select>
        </label>
        {me.merchants.length > 1 ? (
          <label>
            {t('reconciliation.filter.merchant')}
            <select value={filters.merchant_id ?? ''} onChange={(e) => setFilter('merchant_id', e.target.value)}>
              <option value="">{t('reconciliation.filter.any')}</option>
              {me.merchants.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </select>
          </label>
        ) : null}
        <label>
          {t('reconciliation.filter.file')}
          <select value={filters.file_id ?? ''} onChange={(e) => setFilter('file_id', e.target.value)}>
            <option value="">{t('reconciliation.filter.any')}</option>
            {(files.data?.data ?? []).map((f) => <option key={f.id} value={f.id}>{f.name ?? f.id}</option>)}
          </select>
        </label>
        <label>
          {t('reconciliation.filter.age')}
          <select value={filters.age ?? ''} onChange={(e) => setFilter('age', e.target.value)}>
            <option value="">{t('reconciliation.filter.any')}</option>
            {ageingBuckets.map((b) => <option key={b.id} value={b.id}>{t('reconciliation.age.bucket', { bucket: b.id })}</option>)}
          </select>
        </label>
      </div>
      <ul className={styles.buckets} aria-label={t('reconciliation.ageing.title')}>
        {(ageing.data?.buckets ?? []).map((b) => (
          <li key={b.bucket}>
            <span className={styles.bucketName}>{t('reconciliation.age.bucket', { bucket: b.bucket })}</span>
            <strong>{formatCount(b.count)}</strong>
            <span>{money(b.amountMinor)}</span>
          </li>
        ))}
      </ul>
      {list.isError ? <p role="alert">{t('reconciliation.queue.error')}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t('reconciliation.queue.empty')}</p> : null}
      {rows.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('reconciliation.col.day')}</th>
                <th scope="col">{t('reconciliation.col.outcome')}</th>
                <th scope="col">{t('reconciliation.col.acquirer')}</th>
                <th scope="col">{t('reconciliation.col.expected')}</th>
                <th scope="col">{t('reconciliation.col.reported')}</th>
                <th scope="col">{t('reconciliation.col.actions')}</th>
              </tr>
            </thead>
            <tbody>{rows.map((row) => <ExceptionRow key={row.id} exception={row} />)}</tbody>
          </table>
        </div>
      ) : null}
      {list.hasNextPage ? (
        <p className={styles.more}>
          <span>{t('reconciliation.queue.shown', { shown: formatCount(rows.length), total: formatCount(total) })}</span>{' '}
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>{t('reconciliation.queue.more')}</Button>
        </p>
      ) : null}
      {total > 0 ? (
        <form className={styles.bulk} onSubmit={(e) => { e.preventDefault(); bulk.mutate(); }}>
          <h3 className={styles.bulkTitle}>{t('reconciliation.bulk.title', { count: total })}</h3>
          <ResolutionFields action={bulkAction} onAction={setBulkAction} note={bulkNote} onNote={setBulkNote} />
          <Button type="submit" variant="primary" disabled={bulk.isPending || bulkNote.trim() === ''}>{t('reconciliation.bulk.apply', { count: total })}</Button>
          {bulk.isSuccess ? <p role="status">{t('reconciliation.bulk.done', { count: bulk.data.updated })}</p> : null}
          {bulk.isError ? <p role="alert">{t('reconciliation.bulk.error')}</p> : null}
        </form>
      ) : null}
    </section>
  );
}
