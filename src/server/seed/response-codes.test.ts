import { describe, expect, it } from 'vitest';
import { abecsDeclines } from './abecs.ts';
import { responseCodeTextsEn } from '../../contract/response-code-texts-en.ts';
import { responseCodeTextsPt } from '../../contract/response-code-texts-pt.ts';
import { isKnownResponseCode, responseCodes } from '../../contract/response-codes.ts';

describe('ABECS response-code catalogue', () => {
  it('has an entry for every code the generator can produce (approvals and each decline)', () => {
    const generated = ['00', ...abecsDeclines.map((d) => d.code)];
    const missing = generated.filter((code) => !isKnownResponseCode(code));
    expect(missing).toEqual([]);
  });

  it('says a generated decline is a decline (someone declined, and "approved" only for 00)', () => {
    for (const { code } of abecsDeclines) {
      if (!isKnownResponseCode(code)) continue;
      expect(responseCodes[code].source).not.toBe('none');
    }
    expect(responseCodes['00']).toEqual({ source: 'none', retry: 'not_needed' });
  });

  it.each([
    ['pt-BR', responseCodeTextsPt],
    ['en', responseCodeTextsEn],
  ] as const)('has every text in %s, non-empty, for exactly the catalogued codes', (_lang, texts) => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(responseCodes).sort());
    for (const text of Object.values(texts)) {
      expect(text.meaning.trim()).not.toBe('');
      expect(text.customer.trim()).not.toBe('');
      expect(text.merchant.trim()).not.toBe('');
    }
  });

  it('does not answer for codes outside the standard list', () => {
    expect(isKnownResponseCode('ZZ')).toBe(false);
    expect(isKnownResponseCode('toString')).toBe(false);
  });
});
