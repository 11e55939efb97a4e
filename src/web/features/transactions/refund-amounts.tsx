import type { Summary } from '../../../contract/summaries.ts';
import { decimalToMinor, minorToDecimal } from '../../../contract/money.ts';
import { formatAmount } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';

/** What a sale captured, refunded and kept (minor units, from the API's sums of its cycles); null before any refund. */
export function refundAmounts(summary: Pick<Summary, 'capturedAmount' | 'refundedAmount'>): { captured: string; refunded: string; kept: string } | null {
  if (summary.refundedAmount === undefined || summary.capturedAmount === undefined) return null;
  const refunded = decimalToMinor(summary.refundedAmount);
  if (refunded === 0n) return null;
  const captured = decimalToMinor(summary.capturedAmount);
  return { captured: summary.capturedAmount, refunded: summary.refundedAmount, kept: minorToDecimal(captured - refunded) };
}

/** "R$ 3.812,93 refunded" under a sale's amount in a list: the refund as it happened, partial or full. */
export function RefundLine({ summary, className }: { summary: Summary; className?: string }) {
  const t = useT();
  const amounts = refundAmounts(summary);
  if (!amounts) return null;
  return (
    <span className={className} data-testid="refund-line">
      {t('transactions.refund.line', { amount: formatAmount(amounts.refunded, summary.currency) })}
    </span>
  );
}
