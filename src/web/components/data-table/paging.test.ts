import { beforeAll, describe, expect, it } from 'vitest';
import { describePage, pagingHeaders, readPageInfo, withExactTotal } from './paging.ts';
import { loadAllMessages, translator, type Translate } from '../../lib/i18n/i18n.tsx';
import type { PagePosition } from '../../lib/page-position.ts';

const headers = (init: Record<string, string>) => pagingHeaders(new Headers(init));
const at = (page: number): PagePosition => ({ kind: 'page', page });

let en: Translate;
let pt: Translate;
beforeAll(async () => {
  en = translator(await loadAllMessages('en'));
  pt = translator(await loadAllMessages('pt-BR'));
});

describe('withExactTotal', () => {
  const estimate = () =>
    readPageInfo(headers({ 'x-total-count': '2001', 'x-total-count-exact': 'false', link: '</v1/x?cursor=n>; rel="next", </v1/x?page=1>; rel="first"' }), at(1), 20, 20);

  it('puts an exact count known elsewhere in place of the estimate: the pager says the strip\'s number, not "about"', () => {
    expect(describePage(estimate(), en)).toBe('Page 1 · rows 1–20 of about 2,001');
    const info = withExactTotal(estimate(), 3000);
    expect(info).toMatchObject({ total: 3000, totalExact: true, lastPage: 150, hasNext: true });
    expect(describePage(info, en)).toBe('Page 1 of 150 · 3,000 results');
    expect(describePage(info, pt)).toBe('Página 1 de 150 · 3.000 resultados');
    // where Next goes is still the Link header's
    expect(info.targets).toEqual(estimate().targets);
  });

  it('leaves an exact list total, or an unknown one, as it is', () => {
    const exact = readPageInfo(headers({ 'x-total-count': '331' }), at(2), 20, 20);
    expect(withExactTotal(exact, 999)).toBe(exact);
    expect(withExactTotal(estimate(), null)).toEqual(estimate());
  });
});

describe('readPageInfo', () => {
  it('uses X-Total-Count and Link when the server sends them', () => {
    const info = readPageInfo(
      headers({ 'x-total-count': '331', link: '</v1/x?page=4>; rel="next", </v1/x?page=2>; rel="prev", </v1/x?page=1>; rel="first"' }),
      at(3),
      20,
      20,
    );
    expect(info).toMatchObject({ total: 331, lastPage: 17, hasNext: true, hasPrev: true });
    expect(describePage(info, en)).toBe('Page 3 of 17 · 331 results');
  });

  it('trusts Link over a full page: no rel=next means the end', () => {
    const info = readPageInfo(headers({ link: '</v1/x?page=1>; rel="first"' }), at(5), 20, 20);
    expect(info.hasNext).toBe(false);
  });

  it('infers next from a full page when the headers are absent', () => {
    expect(readPageInfo(headers({}), at(1), 20, 20)).toMatchObject({ total: null, lastPage: null, hasNext: true, hasPrev: false });
    expect(readPageInfo(headers({}), at(2), 20, 7).hasNext).toBe(false);
    expect(readPageInfo(null, at(1), 50, 0).hasNext).toBe(false);
  });

  it('uses the total alone when there is no Link header', () => {
    expect(readPageInfo(headers({ 'x-total-count': '40' }), at(2), 20, 20).hasNext).toBe(false);
    expect(readPageInfo(headers({ 'x-total-count': '41' }), at(2), 20, 20).hasNext).toBe(true);
  });

  it('ignores a malformed total', () => {
    expect(readPageInfo(headers({ 'x-total-count': 'many' }), at(1), 20, 20).total).toBeNull();
  });

  it('describes pages without a total by their row numbers', () => {
    expect(describePage(readPageInfo(null, at(3), 20, 12), en)).toBe('Page 3 · rows 41–52');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '1' }), at(1), 20, 1), en)).toBe('Page 1 of 1 · 1 result');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '0' }), at(1), 20, 0), en)).toBe('Page 1 of 1 · 0 results');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '1' }), at(1), 20, 1), pt)).toBe('Página 1 de 1 · 1 resultado');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '0' }), at(1), 20, 0), pt)).toBe('Página 1 de 1 · nenhum resultado');
    expect(describePage(readPageInfo(headers({ 'x-total-count': '2331' }), at(1), 20, 20), pt)).toBe('Página 1 de 117 · 2.331 resultados');
  });

  it('treats an estimated total as approximate: no last page, next from the Link header', () => {
    const estimated = headers({
      'x-total-count': '1000000',
      'x-total-count-exact': 'false',
      link: '</v1/x?page=1>; rel="first", </v1/x?page=2>; rel="prev", </v1/x?page=4>; rel="next"',
    });
    const info = readPageInfo(estimated, at(3), 20, 20);
    expect(info).toMatchObject({ total: 1_000_000, totalExact: false, lastPage: null, hasNext: true, hasPrev: true });
    expect(describePage(info, en)).toBe('Page 3 · rows 41–60 of about 1,000,000');
    const exact = readPageInfo(headers({ 'x-total-count': '331', 'x-total-count-exact': 'true' }), at(3), 20, 20);
    expect(exact).toMatchObject({ totalExact: true, lastPage: 17 });
    expect(describePage(info, pt)).toBe('Página 3 · linhas 41–60 de cerca de 1.000.000');
  });

  const cursorLinks = (rels: Record<string, string>) =>
    Object.entries(rels)
      .map(([rel, query]) => `</v1/transactions/summaries?${query}&limit=20>; rel="${rel}"`)
      .join(', ');

  it('follows the Link cursors: prev, next and last from the response, whatever the total says', () => {
    const estimated = headers({
      'x-total-count': '1000000',
      'x-total-count-exact': 'false',
      link: cursorLinks({ first: 'page=1', prev: 'cursor=P', next: 'cursor=N', last: 'cursor=END' }),
    });
    const info = readPageInfo(estimated, at(4), 20, 20);
    expect(info).toMatchObject({ hasPrev: true, hasNext: true, lastPage: null });
    expect(info.targets).toEqual({
      first: { cursor: null, page: null },
      prev: { cursor: 'P', page: '3' },
      next: { cursor: 'N', page: '5' },
      last: { cursor: 'END', page: 'last' },
    });
    expect(describePage(info, en)).toBe('Page 4 · rows 61–80 of about 1,000,000');
  });

  it('has no prev on page 1 when the links say so, however the page was reached', () => {
    const info = readPageInfo(headers({ link: cursorLinks({ first: 'page=1', next: 'cursor=N' }) }), at(1), 20, 20);
    expect(info).toMatchObject({ hasPrev: false, hasNext: true });
    expect(info.targets.last).toBeNull();
  });

  it('describes pages counted from the end, with an estimated or exact total, in both languages', () => {
    const estimated = headers({ 'x-total-count': '1000000', 'x-total-count-exact': 'false', link: cursorLinks({ first: 'page=1', prev: 'cursor=P', last: 'cursor=END' }) });
    const last = readPageInfo(estimated, { kind: 'fromEnd', before: 0 }, 20, 20);
    expect(last).toMatchObject({ hasNext: false, hasPrev: true });
    expect(describePage(last, en)).toBe('Last page · about 1,000,000 results');
    expect(describePage(last, pt)).toBe('Última página · cerca de 1.000.000 resultados');
    const before = readPageInfo(estimated, { kind: 'fromEnd', before: 2 }, 20, 20);
    expect(describePage(before, en)).toBe('2 pages before the last · about 1,000,000 results');
    expect(describePage(before, pt)).toBe('2 páginas antes da última · cerca de 1.000.000 resultados');
    expect(describePage(readPageInfo(estimated, { kind: 'fromEnd', before: 1 }, 20, 20), pt)).toBe('1 página antes da última · cerca de 1.000.000 resultados');
    const exact = readPageInfo(headers({ 'x-total-count': '1500', link: cursorLinks({ prev: 'cursor=P' }) }), { kind: 'fromEnd', before: 0 }, 20, 20);
    expect(describePage(exact, en)).toBe('Last page · 1,500 results');
    // the list estimated, the stats counted: the pager says the exact count (issue 23, one count)
    expect(describePage(withExactTotal(before, 1_234_567), pt)).toBe('2 páginas antes da última · 1.234.567 resultados');
    expect(describePage(readPageInfo(null, { kind: 'fromEnd', before: 0 }, 20, 20), pt)).toBe('Última página');
  });

  it('says a cursor page of unknown place comes from a link, with its row count', () => {
    const info = readPageInfo(headers({ link: cursorLinks({ prev: 'cursor=P', next: 'cursor=N' }) }), { kind: 'unknown' }, 20, 20);
    expect(describePage(info, en)).toBe('Page from a link · 20 rows');
    expect(describePage(info, pt)).toBe('Página de um link · 20 linhas');
  });
});
