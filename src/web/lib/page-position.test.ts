import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { apiPosition, isRefusedCursor, linkParams, pageLabel, pageTargets, positionLabel, readPosition, type PagePosition } from './page-position.ts';

const page = (n: number): PagePosition => ({ kind: 'page', page: n });
const fromEnd = (before: number): PagePosition => ({ kind: 'fromEnd', before });
const link = (query: string) => `/v1/transactions/summaries?status=approved&${query}&limit=20`;
const noFallback = { hasNext: false, lastPage: null };

describe('page labels', () => {
  it('reads page numbers, the last page and pages before it; anything else is refused', () => {
    expect(readPosition(undefined, undefined)).toEqual(page(1));
    expect(readPosition('7', 'abc')).toEqual(page(7));
    expect(readPosition('7', undefined)).toEqual(page(7));
    expect(readPosition('last', 'abc')).toEqual(fromEnd(0));
    expect(readPosition('last-12', 'abc')).toEqual(fromEnd(12));
    expect(readPosition(undefined, 'abc')).toEqual({ kind: 'unknown' });
    for (const ok of ['1', '1000000', 'last', 'last-1', 'last-999']) expect(pageLabel.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0', '-1', '1000001', 'two', 'last-0', 'last-', 'lastly', 'last-x', '1.5', ' 2']) expect(pageLabel.safeParse(bad).success, bad).toBe(false);
  });

  it('writes back what it reads, page 1 and an unknown place as no label', () => {
    for (const label of ['2', '50000', 'last', 'last-3']) expect(positionLabel(readPosition(label, 'c'))).toBe(label);
    expect(positionLabel(page(1))).toBeNull();
    expect(positionLabel({ kind: 'unknown' })).toBeNull();
  });

  it('asks the API for the cursor alone when there is one, else for the page number', () => {
    expect(apiPosition({ page: '7', cursor: 'abc' })).toEqual({ cursor: 'abc' });
    expect(apiPosition({ page: 'last', cursor: 'abc' })).toEqual({ cursor: 'abc' });
    expect(apiPosition({ page: '7' })).toEqual({ page: '7' });
    expect(apiPosition({})).toEqual({ page: '1' });
    // the end was asked for but no cursor is known yet: page 1 answers with the rel="last" link
    expect(apiPosition({ page: 'last-2' })).toEqual({ page: '1' });
  });
});

describe('linkParams', () => {
  it('reads cursor and page from an absolute path or a full URL', () => {
    expect(linkParams(link('cursor=eyJ2IjoxfQ'))).toEqual({ cursor: 'eyJ2IjoxfQ', page: null });
    expect(linkParams(`https://api.example.com${link('page=4')}`)).toEqual({ cursor: null, page: '4' });
  });
});

describe('pageTargets', () => {
  it('follows the cursors of next and prev, counting the page label from the position on screen', () => {
    const links = { first: link('page=1'), prev: link('cursor=PREV'), next: link('cursor=NEXT') };
    expect(pageTargets(page(3), links, noFallback)).toEqual({
      prev: { cursor: 'PREV', page: '2' },
      next: { cursor: 'NEXT', page: '4' },
      last: null,
    });
  });

  it('goes back onto page 1 by the first page itself, not by a cursor', () => {
    const links = { first: link('page=1'), prev: link('cursor=PREV'), next: link('cursor=NEXT') };
    expect(pageTargets(page(2), links, noFallback).prev).toEqual({ cursor: null, page: null });
  });

  it('opens rel="last" as a cursor page labelled last, and counts back from it', () => {
    const links = { first: link('page=1'), next: link('cursor=NEXT'), last: link('cursor=END') };
    expect(pageTargets(page(1), links, noFallback).last).toEqual({ cursor: 'END', page: 'last' });
    const atEnd = pageTargets(fromEnd(0), { first: link('page=1'), prev: link('cursor=P'), last: link('cursor=END') }, noFallback);
    expect(atEnd.prev).toEqual({ cursor: 'P', page: 'last-1' });
    expect(atEnd.next).toBeNull();
    const before = pageTargets(fromEnd(2), { prev: link('cursor=P'), next: link('cursor=N') }, noFallback);
    expect(before.prev?.page).toBe('last-3');
    expect(before.next?.page).toBe('last-1');
  });

  it('takes a last (or any) link by page number as a page number, page 1 as the bare list', () => {
    const links = { first: link('page=1'), prev: link('page=1'), next: link('page=3'), last: link('page=17') };
    expect(pageTargets(page(2), links, noFallback)).toEqual({ prev: { cursor: null, page: null }, next: { cursor: null, page: '3' }, last: { cursor: null, page: '17' } });
  });

  it('keeps an unknown place unknown: no label invented', () => {
    const t = pageTargets({ kind: 'unknown' }, { prev: link('cursor=P'), next: link('cursor=N') }, noFallback);
    expect(t.prev).toEqual({ cursor: 'P', page: null });
    expect(t.next).toEqual({ cursor: 'N', page: null });
  });

  it('pages by number when the server sends no links', () => {
    expect(pageTargets(page(3), {}, { hasNext: true, lastPage: 9 })).toEqual({
      prev: { cursor: null, page: '2' },
      next: { cursor: null, page: '4' },
      last: { cursor: null, page: '9' },
    });
    expect(pageTargets(page(2), {}, noFallback)).toEqual({ prev: { cursor: null, page: null }, next: null, last: null });
  });
});

describe('isRefusedCursor', () => {
  const problem = (parameter: string) => ({ type: 'validation-error', title: 'Invalid request', status: 400, detail: 'x', errors: [{ parameter, detail: 'bad' }] });
  it('is a 400 problem naming the cursor parameter, nothing else', () => {
    expect(isRefusedCursor(new ApiError('x', 400, problem('cursor')))).toBe(true);
    expect(isRefusedCursor(new ApiError('x', 400, problem('status')))).toBe(false);
    expect(isRefusedCursor(new ApiError('x', 500, null))).toBe(false);
    expect(isRefusedCursor(new Error('cursor'))).toBe(false);
  });
});
