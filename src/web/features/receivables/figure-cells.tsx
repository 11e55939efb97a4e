import { MoneyText } from '../../components/money-text.tsx';
import { formatCount } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { settlementCurrency as currency } from '../../../contract/money.ts';
import styles from './receivables.module.css';

/** The numeric column heads of a receivables table (message keys), right-aligned like their cells. */
export function FigureHeads({ labels }: { labels: readonly string[] }) {
  const t = useT();
  return labels.map((key) => (
    <th key={key} scope="col" className={styles.num}>
      {t(key)}
    </th>
  ));
}

/** A row's figures: a count, then amounts in BRL (decimal strings, exact), each right-aligned. */
export function FigureCells({ count, amounts }: { count: number; amounts: readonly string[] }) {
  return (
    <>
      <td className={styles.num}>{formatCount(count)}</td>
      {amounts.map((amount, i) => (
        <td key={i} className={styles.num}>
          <MoneyText amount={amount} currency={currency} />
        </td>
      ))}
    </>
  );
}
