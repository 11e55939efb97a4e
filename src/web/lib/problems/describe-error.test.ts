import { beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../../contract/problem.ts';
import { ApiError } from '../api-client.ts';
import { loadAllMessages, translator, type Translate } from '../i18n/i18n.tsx';
import { describeError } from './describe-error.ts';

let en: Translate;
let pt: Translate;
beforeAll(async () => {
  en = translator(await loadAllMessages('en'));
  pt = translator(await loadAllMessages('pt-BR'));
});

const problem = (status: number, extra: Partial<Problem> = {}): Problem => ({ type: 'https://x/problems/p', title: 'English title', status, detail: 'English detail', ...extra });
const apiError = (status: number, extra: Partial<Problem> = {}) => new ApiError('failed', status, problem(status, extra));

describe('describeError', () => {
  it.each([401, 403, 404, 409, 412, 429, 503])('presents a %i in the user’s language, keeping the English original as technical detail', (status) => {
    const inPt = describeError(apiError(status), pt);
    const inEn = describeError(apiError(status), en);
    expect(inPt.title).not.toBe(inEn.title);
    expect(inPt.title).not.toContain('English');
    expect(inPt.detail).not.toContain('English');
    expect(inPt.technical).toContain('English detail');
    expect(inPt.status).toBe(status);
  });

  it('names each bad field and its rule from the parameter and the server’s fixed phrase', () => {
    const error = apiError(400, {
      errors: [
        { parameter: 'amount', detail: 'must be a decimal such as 150.00, or a range min..max with either side open' },
        { parameter: 'order_by', detail: 'must be one of created_at, amount' },
        { parameter: 'weird', detail: 'something the dashboard has never seen' },
      ],
    });
    const d = describeError(error, pt);
    expect(d.title).toBe('Alguns valores não foram aceitos');
    expect(d.detail).toBe('Corrija os 3 valores abaixo e tente de novo.');
    expect(d.fieldErrors.map((e) => e.detail)).toEqual([
      'Valor: deve ser um valor como 150,00, ou uma faixa mín..máx com um dos lados em aberto',
      'Ordenar por: deve ser um destes: created_at, amount',
      'não é válido',
    ]);
    expect(d.fieldErrors[2]?.where).toBe('weird');
    expect(describeError(apiError(400, { errors: [{ pointer: '/merchantId', detail: 'is required' }] }), en).detail).toBe('Fix the value below and try again.');
  });

  it('explains network failures and thrown errors', () => {
    expect(describeError(new ApiError('offline', 0, null, 'network'), pt).title).toBe('Não foi possível falar com o servidor');
    const d = describeError(new Error('the table exploded'), en);
    expect(d.title).toBe('Something went wrong');
    expect(d.technical).toBe('the table exploded');
  });
});
