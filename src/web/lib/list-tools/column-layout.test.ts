import { describe, expect, it } from 'vitest';
import { cleanVisible, moveColumn, parseColumnLayout, parseColumnsParam, serializeColumnLayout, tableColumnState, toggleColumn, type ColumnSet } from './column-layout.ts';

const set: ColumnSet = { all: ['expand', 'a', 'b', 'c', 'd', 'actions'], choosable: ['a', 'b', 'c', 'd'], defaults: ['a', 'b', 'c', 'd'] };

describe('persisted column layout', () => {
  it('reads back what it writes', () => {
    expect(parseColumnLayout(serializeColumnLayout(['c', 'a']), set)).toEqual(['c', 'a']);
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['broken JSON', '{"v":1,"visible":['],
    ['a number', '42'],
    ['null', 'null'],
    ['another shape', '{"hidden":["a"]}'],
    ['only unknown ids', '{"v":1,"visible":["zz","yy"]}'],
    ['no visible column', '{"v":1,"visible":[]}'],
    ['ids of the wrong type', '{"v":1,"visible":[1,{"id":"a"},null]}'],
  ])('falls back to the default for %s', (_what, raw) => {
    expect(parseColumnLayout(raw, set)).toBeNull();
  });

  it('drops unknown, fixed and repeated ids but keeps the rest in order', () => {
    expect(parseColumnLayout('{"v":1,"visible":["d","gone","expand","a","d"]}', set)).toEqual(['d', 'a']);
  });

  it('reads the legacy forms: a bare array, and TanStack state {columnOrder, columnVisibility}', () => {
    expect(parseColumnLayout('["b","a"]', set)).toEqual(['b', 'a']);
    expect(parseColumnLayout(JSON.stringify({ columnOrder: ['expand', 'c', 'a', 'b', 'd'], columnVisibility: { b: false } }), set)).toEqual(['c', 'a', 'd']);
    // visibility only: the default order, hidden ones out; a column the old state did not know shows
    expect(parseColumnLayout(JSON.stringify({ columnVisibility: { a: false, c: false } }), set)).toEqual(['b', 'd']);
  });

  it('reads the URL form', () => {
    expect(parseColumnsParam('c,b,zz', set)).toEqual(['c', 'b']);
    expect(parseColumnsParam('', set)).toBeNull();
    expect(parseColumnsParam(null, set)).toBeNull();
    expect(cleanVisible(['actions'], set)).toBeNull();
  });
});

describe('column layout to table state and edits', () => {
  it('keeps leading fixed columns first and trailing ones last, hidden ones out of sight', () => {
    expect(tableColumnState(['c', 'a'], set)).toEqual({ columnOrder: ['expand', 'c', 'a', 'b', 'd', 'actions'], columnVisibility: { b: false, d: false } });
  });

  it('moves within bounds', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'a', 5)).toEqual(['b', 'c', 'a']);
  });

  it('shows a column at the end and never hides the last one', () => {
    expect(toggleColumn(['d', 'a'], 'b', true)).toEqual(['d', 'a', 'b']);
    expect(toggleColumn(['d', 'a'], 'a', true)).toEqual(['d', 'a']);
    expect(toggleColumn(['a', 'c'], 'a', false)).toEqual(['c']);
    expect(toggleColumn(['c'], 'c', false)).toEqual(['c']);
  });
});
