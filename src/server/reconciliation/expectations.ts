import type { PaymentMethod, ProviderName } from '../../contract/enums.ts';

/**
 * What the platform expects an acquirer to charge and when to pay, until the fee plans and receivables of issue 25
 * are on main (then these two functions read them instead): an acquirer connection's cost in basis points per
 * method and installment band, and the payment day of installment k (debit D+1, credit D+30·k, moved off weekends).
 */
const costBps: Partial<Record<ProviderName, { debit: number; credit: number; credit2to6: number; credit7to12: number }>> = {
  cielo: { debit: 90, credit: 199, credit2to6: 249, credit7to12: 289 },
  getnet: { debit: 95, credit: 189, credit2to6: 239, credit7to12: 279 },
};
const fallbackBps = { debit: 100, credit: 200, credit2to6: 250, credit7to12: 300 };

export function costRateBps(acquirer: ProviderName, method: PaymentMethod, installments: number): number {
  const plan = costBps[acquirer] ?? fallbackBps;
  if (method === 'debit_card') return plan.debit;
  if (method === 'pix') return 0;
  return installments <= 1 ? plan.credit : installments <= 6 ? plan.credit2to6 : plan.credit7to12;
}

/** the cost fee of a sale of `grossMinor` centavos, rounded half up to the centavo */
export function costFeeMinor(acquirer: ProviderName, method: PaymentMethod, installments: number, grossMinor: bigint): bigint {
  const bps = BigInt(costRateBps(acquirer, method, installments));
  return (grossMinor * bps + 5000n) / 10000n;
}

/** `total` in `n` parts to the centavo: the first part takes the remainder, so the parts add up to the total */
export function splitMinor(total: bigint, n: number): bigint[] {
  const count = BigInt(Math.max(1, n));
  const part = total / count;
  const rest = total - part * count;
  return Array.from({ length: Number(count) }, (_v, i) => (i === 0 ? part + rest : part));
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** the day installment `k` (1-based) of a sale captured on `capturedOn` is due */
export function expectedPaymentDate(method: PaymentMethod, capturedOn: string, k: number): string {
  let due = addDays(capturedOn, method === 'debit_card' ? 1 : method === 'pix' ? 0 : 30 * k);
  const weekday = new Date(`${due}T00:00:00Z`).getUTCDay();
  if (weekday === 6) due = addDays(due, 2);
  else if (weekday === 0) due = addDays(due, 1);
  return due;
}

export { addDays };
