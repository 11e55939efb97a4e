import { describe, expect, it } from 'vitest';
import { failureDetail, failureDetailTemplates, readFailureDetail, type FailureDetailId } from '../../contract/failure-details.ts';

describe('failure details', () => {
  it('reads back every sentence the processing writes, its id and each value, values with spaces and punctuation too', () => {
    for (const id of Object.keys(failureDetailTemplates) as FailureDetailId[]) {
      const names = [...failureDetailTemplates[id].matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
      const values = Object.fromEntries(names.map((name, i) => [name, `${name} v${i}; (x.y)`]));
      const text = failureDetail(id, values);
      expect(text).not.toMatch(/\{\w+\}/);
      expect(readFailureDetail(text)).toEqual({ id, values });
    }
  });

  it('knows a real sentence and leaves another alone', () => {
    const text = 'No connection of this organization has MID 123456789 and TID T0000001 at cielo; connect the terminal, then retry.';
    expect(readFailureDetail(text)).toEqual({ id: 'unknownTerminal', values: { mid: '123456789', tid: 'T0000001', acquirer: 'cielo' } });
    expect(readFailureDetail('Something else went wrong.')).toBeNull();
  });
});
