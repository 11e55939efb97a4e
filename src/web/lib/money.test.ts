import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorToDecimal, signedDecimalToMinor } from '../../contract/money.ts';

describe('money text ⇄ minor units', () => {
  it('reads a signed amount (an adjustment) without floats', () => {
    expect(signedDecimalToMinor('-12.30')).toBe(-1230n);
    expect(signedDecimalToMinor('-0.05')).toBe(-5n);
    expect(signedDecimalToMinor('7')).toBe(700n);
    expect(signedDecimalToMinor('90071992547409.93')).toBe(9007199254740993n);
  });

  it('refuses what is not an amount, with or without a sign', () => {
    expect(() => signedDecimalToMinor('--1')).toThrow(/not a decimal amount/);
    expect(() => signedDecimalToMinor('-1.234')).toThrow(/not a decimal amount/);
    expect(() => decimalToMinor('-1')).toThrow(/not a decimal amount/);
  });

  it('writes minor units back as the same text, negative ones too', () => {
    for (const text of ['-12.30', '-0.05', '0.00', '150.50']) expect(minorToDecimal(signedDecimalToMinor(text))).toBe(text);
  });
});
