import { formatAmount, formatMinorUnits } from '../lib/format.ts';

export type MoneyTextProps =
  | { amount: string; minor?: never; currency: string; className?: string }
  | { minor: number | bigint; amount?: never; currency: string; className?: string };

/** An amount in its currency with tabular digits; decimal text or integer minor units, never floats. */
export function MoneyText(props: MoneyTextProps) {
  const text = props.amount !== undefined ? formatAmount(props.amount, props.currency) : formatMinorUnits(props.minor, props.currency);
  return <span className={['tabular', props.className].filter(Boolean).join(' ')}>{text}</span>;
}
