import { formatMinorUnits } from '../../lib/format.ts';

/** centavos as sent by the API (a decimal string) in reais, or a dash */
export const money = (minor: string | null) => (minor === null ? '—' : formatMinorUnits(BigInt(minor), 'BRL'));
