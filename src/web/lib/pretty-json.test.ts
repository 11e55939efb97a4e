import { describe, expect, it } from 'vitest';
import { prettyJson } from './pretty-json.ts';

describe('prettyJson', () => {
  it('lays out compact JSON as JSON.stringify(…, null, 2) does', () => {
    const value = { eventId: 'ev1', amount: 4250, cardData: { bin: '402400', tags: ['a', 'b'], empty: {}, none: [] }, ok: true, note: null };
    expect(prettyJson(JSON.stringify(value))).toBe(JSON.stringify(value, null, 2));
  });

  it('keeps every token as written: number spellings, escapes, strings holding JSON punctuation, repeated keys', () => {
    const raw = '{ "rate" :1.50,"big":12345678901234567890 , "exp":1e2,"text":"a, b: {c} [d] \\"e\\" \\\\","esc":"\\u00e7","k":1,"k":2 }';
    const pretty = prettyJson(raw);
    expect(pretty).toBe(
      ['{', '  "rate": 1.50,', '  "big": 12345678901234567890,', '  "exp": 1e2,', '  "text": "a, b: {c} [d] \\"e\\" \\\\",', '  "esc": "\\u00e7",', '  "k": 1,', '  "k": 2', '}'].join('\n'),
    );
    expect(JSON.parse(pretty)).toEqual(JSON.parse(raw));
  });

  it('re-lays out text that is already indented, nested arrays of objects included', () => {
    const value = { a: [{ b: [1, [2, { c: 'x' }]] }, {}], d: 'çã ü' };
    expect(prettyJson(JSON.stringify(value, null, 4))).toBe(JSON.stringify(value, null, 2));
  });
});
