import { formatDate, formatMinorUnits } from '../../lib/format.ts';

/** centavos as sent by the API (a decimal string) in reais, or a dash */
export const money = (minor: string | null) => (minor === null ? '—' : formatMinorUnits(BigInt(minor), 'BRL'));

/** a calendar date as sent by the API (YYYY-MM-DD) in the operator's locale, or a dash */
export const day = (date: string | null) => (date === null ? '—' : formatDate(date));

/** one side of an exception: its amount, its date, or both (an overdue payment: how much, due when) */
export const sideOf = (minor: string | null, date: string | null) => [minor === null ? null : money(minor), date === null ? null : day(date)].filter((v) => v !== null).join(' · ') || '—';
