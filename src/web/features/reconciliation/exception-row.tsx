import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { BulkResolutionAction, ReconciliationException } from '../../../contract/reconciliation.ts';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { receivablePath, transactionPath } from '../../lib/paths.ts';
import { fetchException, resolveException } from './api/reconciliation-api.ts';
import { reconciliationExceptionKey, reconciliationKey } from './api/reconciliation-keys.ts';
import { day, money, sideOf } from './reconciliation-format.ts';
import { ResolutionFields } from './resolution-fields.tsx';
import styles from './reconciliation.module.css';

/** One exception: its numbers, the platform's sale beside the acquirer's records when opened, and a resolution form. */
export function ExceptionRow({ exception: e }: { exception: ReconciliationException }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<BulkResolutionAction>('resolve');
  const [note, setNote] = useState('');
  const detail = useQuery({
    queryKey: reconciliationExceptionKey(e.id),
    queryFn: () => fetchException(e.id),
    enabled: open,
  });
  const resolve = useMutation({
    mutationFn: () => resolveException(e.id, { action, note }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reconciliationKey() }),
  });
  const expected = sideOf(e.expectedMinor, e.expectedDate);
  const reported = sideOf(e.reportedMinor, e.reportedDate);
  const saleId = e.linkedSummaryId ?? e.summaryId;
  return (
    <Fragment>
      <tr>
        <td className={styles.nowrap}>{day(e.day)}{e.ageDays >= 0 ? <span className={styles.muted}> {t('reconciliation.age.days', { days: e.ageDays })}</span> : null}</td>
        <td>{t(`reconciliation.outcome.${e.outcome}`)}</td>
        <td>{e.acquirer}</td>
        <td>{expected}</td>
        <td>{reported}</td>
        <td>
          <Button size="small" aria-expanded={open} onClick={() => setOpen(!open)}>{open ? t('reconciliation.row.close') : t('reconciliation.row.open')}</Button>
        </td>
      </tr>
      {open ? (
        <tr className={styles.detailRow}>
          <td colSpan={6}>
            <div className={styles.sides}>
              <div>
                <h4>{t('reconciliation.side.platform')}</h4>
                {saleId !== null || e.receivableId !== null ? (
                  <p className={styles.links}>
                    {saleId !== null ? <Link to={transactionPath(saleId)}>{t('reconciliation.link.sale')}</Link> : null}
                    {saleId !== null && e.receivableId !== null ? <Link to={receivablePath(saleId, e.receivableId)}>{t('reconciliation.link.receivable')}</Link> : null}
                  </p>
                ) : null}
                {detail.data?.platform ? (
                  <dl className={styles.facts}>
                    <dt>{t('reconciliation.side.sale')}</dt><dd>{detail.data.platform.id}</dd>
                    <dt>{t('reconciliation.side.amount')}</dt><dd>{money(detail.data.platform.amountMinor)}</dd>
                    <dt>{t('reconciliation.side.status')}</dt><dd>{detail.data.platform.status}</dd>
                    <dt>{t('reconciliation.side.mid')}</dt><dd>{detail.data.platform.acquirerMerchantId ?? '—'}</dd>
                  </dl>
                ) : <p>{detail.isLoading ? t('reconciliation.side.loading') : t('reconciliation.side.none')}</p>}
              </div>
              <div>
                <h4>{t('reconciliation.side.acquirer')}</h4>
                {(detail.data?.acquirer ?? []).slice(0, 12).map((r) => (
                  <dl key={`${r.fileId}-${r.line}`} className={styles.facts}>
                    <dt>{t('reconciliation.side.line')}</dt><dd>{r.line} ({r.recordType})</dd>
                    <dt>{t('reconciliation.side.nsu')}</dt><dd>{r.nsu ?? '—'} / {r.authorizationCode ?? '—'}</dd>
                    <dt>{t('reconciliation.side.amount')}</dt><dd>{money(r.saleTotalMinor ?? r.grossMinor)}</dd>
                    <dt>{t('reconciliation.side.fee')}</dt><dd>{money(r.feeMinor)}</dd>
                    <dt>{t('reconciliation.side.net')}</dt><dd>{money(r.netMinor)}</dd>
                    <dt>{t('reconciliation.side.payment')}</dt><dd>{day(r.paymentDate)}</dd>
                  </dl>
                ))}
                {detail.data && detail.data.acquirer.length === 0 ? <p>{t('reconciliation.side.none')}</p> : null}
              </div>
            </div>
            {e.status === 'open' ? (
              <form className={styles.resolve} onSubmit={(event) => { event.preventDefault(); resolve.mutate(); }}>
                <ResolutionFields action={action} onAction={setAction} note={note} onNote={setNote} />
                <Button type="submit" variant="primary" disabled={resolve.isPending || note.trim() === ''}>{t('reconciliation.action.submit')}</Button>
                {resolve.isError ? <p role="alert">{t('reconciliation.action.error')}</p> : null}
              </form>
            ) : null}
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
