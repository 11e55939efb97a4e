import type { PaymentMethod } from '../../../contract/enums.ts';

/** One line an acquirer writes about a sale (one per installment) or an adjustment, before its layout's shape. */
export interface StatementEntry {
  kind: 'sale' | 'adjustment';
  mid: string;
  nsu: string;
  authorizationCode: string;
  /** YYYY-MM-DD and HHMMSS of the authorization */
  date: string;
  time: string;
  method: PaymentMethod;
  installment: number;
  installments: number;
  /** the whole sale (every installment) */
  saleTotalMinor: bigint;
  /** this line's gross and fee (an adjustment: the amount taken back, positive) */
  grossMinor: bigint;
  feeMinor: bigint;
  paymentDate: string;
  cardBin: string;
  cardLast4: string;
}

export interface FileHeader {
  /** the group's establishment (Cielo matriz, Getnet origem) */
  headMid: string;
  /** YYYY-MM-DD */
  generatedOn: string;
  periodStart: string;
  periodEnd: string;
  sequence: number;
}

export const digitsOf = (iso: string) => iso.replaceAll('-', '');
export const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
export const yymmdd = (iso: string) => `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
export const num = (value: bigint | number | string, width: number) => String(value).padStart(width, '0').slice(-width);

/** a fixed-width line being written: `at` puts a value at 1-based positions */
export class LineBuilder {
  private chars: string[];
  constructor(length: number) {
    this.chars = Array.from({ length }, () => ' ');
  }
  at(start: number, value: string): this {
    for (let i = 0; i < value.length; i++) this.chars[start - 1 + i] = value[i] as string;
    return this;
  }
  /** sign then the amount's absolute value in `width` digits */
  signed(signAt: number, value: bigint, width = 13): this {
    return this.at(signAt, (value < 0n ? '-' : '+') + num(value < 0n ? -value : value, width));
  }
  toString(): string {
    return this.chars.join('');
  }
}
