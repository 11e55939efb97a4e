import { beforeAll, describe, expect, it } from 'vitest';
import { describePage, pagingHeaders, readPageInfo } from './paging.ts';
import { loadAllMessages, translator, type Translate } from '../../lib/i18n/i18n.tsx';

const headers = (init: Record<string, string>) => pagingHeaders(new Headers(init));

let en: Translate;
let pt: Translate;
beforeAll(async () => {
  en = translator(await loadAllMessages('en'));
  pt = translator(await loadAllMessages('pt-BR'));
});

describe('readPageInfo', () => {
  it('uses X-Total-Count and Link when the server sends them', () => {
    const info = readPageInfo(
      headers({ 'x-total-count': '331', link: '</v1/x?page=4>; rel="next", </v1/x?page=2>; rel="prev", </v1/x?page=1>; rel="first"' }),
      3,
      20,
      20,
    );
    expect(info).toMatchObject({ total: 331, lastPage: 17, hasNext: true, hasPrev: true });
    expect(describePage(info, en)).toBe('Page 3 of 17 · 331 results');
  });

  it('trusts Link over a full page: no rel=next means the end', () => {
    const info = readPageInfo(headers({ link: '</v1/x?page=1>; rel="first"' }), 5, 20, 20);
    expect(info.hasNext).toBe(false);
  });

  it('infers next from a full page when the headers are absent', () => {
    expect(readPageInfo(headers({}), 1, 20, 20)).toMatchObject({ total: null, lastPage: null, hasNext: true, hasPrev: false });
    expect(readPageInfo(headers({}), 2, 20, 7).hasNext).toBe(false);
    expect(readPageInfo(null, 1, 50, 0).hasNext).toBe(false);
  });

  it('uses the total alone when there is no Link header', () => {
    expect(readPageInfo(headers({ 'x-total-count': '40' }), 2, 20, 20).hasNext).toBe(false);
    expect(readPageInfo(headers({ 'x-total-count': '41' }), 2, 20, 20).hasNext).toBe(true);
  });

  it('ignores a malformed total', () => {
    expect(readPageInfo(headers({ 'x-total-count': 'many' }), 1, 20, 20).total).toBeNull();
  });

  it('describes pages without a total by their row numbers', () => {
    expect(describePage(readPageInfo(null, 3, 20, 12), en)).toBe('Page 3 · rows 41–52');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '1' }), 1, 20, 1), en)).toBe('Page 1 of 1 · 1 result');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '0' }), 1, 20, 0), en)).toBe('Page 1 of 1 · 0 results');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '1' }), 1, 20, 1), pt)).toBe('Página 1 de 1 · 1 resultado');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '0' }), 1, 20, 0), pt)).toBe('Página 1 de 1 · nenhum resultado');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '2331' }), 1, 20, 20), pt)).toBe('Página 1 de 117 · 2.331 resultados');
  });

  it('treats an estimated total as approximate: no last page, next from the Link header', () => {
    const estimated = headers({
      'x-total-count': '1000000',
      'x-total-count-exact': 'false',
      link: '</v1/x?page=1>; rel="first", </v1/x?page=2>; rel="prev", </v1/x?page=4>; rel="next"',
    });
    const info = readPageInfo(estimated, 3, 20, 20);
    expect(info).toMatchObject({ total: 1_000_000, totalExact: false, lastPage: null, hasNext: true, hasPrev: true });
    expect(describePage(info, en)).toBe('Page 3 · rows 41–60 of about 1,000,000');
    const exact = readPageInfo(headers({ 'x-total-count': '331', 'x-total-count-exact': 'true' }), 3, 20, 20);
    expect(exact).toMatchObject({ totalExact: true, lastPage: 17 });
    expect(describePage(info, pt)).toBe('Página 3 · linhas 41–60 de cerca de 1.000.000');
  });
});
