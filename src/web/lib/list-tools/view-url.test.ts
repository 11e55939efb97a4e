import { describe, expect, it } from 'vitest';
import { summaryApiColumns } from './api-columns.ts';
import { presetRange } from '../url-state-dates.ts';
import { hasNoFilters, listMatchesView, viewFromList, viewToList, type ListShape } from './view-url.ts';

const shape: ListShape = {
  filterKeys: ['status', 'acquirer', 'created_at'],
  orderKeys: { by: 'order_by', direction: 'order_direction' },
  defaults: { page: '1', limit: '20', order_by: 'created_at', order_direction: 'desc' },
  apiColumns: summaryApiColumns,
  choosable: Object.keys(summaryApiColumns),
};
const eventsShape: ListShape = { ...shape, filterKeys: ['event_status'], orderKeys: { by: null, direction: 'order_direction', fixedBy: 'created_at' } };

describe('saved view <-> list URL state', () => {
  it('saves the filters (not paging), the effective order and the visible columns as API ids', () => {
    const view = viewFromList({ status: 'approved', page: '3', limit: '50', order_by: 'amount' }, ['amount', 'merchant'], shape);
    expect(view).toEqual({ filters: { status: 'approved' }, datePreset: null, order: { by: 'amount', direction: 'desc' }, columns: ['amount', 'merchant_name'] });
  });

  it('a fixed-order list saves its fixed field', () => {
    expect(viewFromList({ order_direction: 'asc' }, ['created_at'], eventsShape).order).toEqual({ by: 'created_at', direction: 'asc' });
  });

  it('applying a view replaces every filter, sets the order, goes to page 1 and maps the columns back', () => {
    const { changes, columns } = viewToList({ filters: { acquirer: 'cielo' }, order: { by: 'amount', direction: 'asc' }, columns: ['merchant_name', 'amount'] }, shape);
    expect(changes).toEqual({ status: null, acquirer: 'cielo', created_at: null, order_by: 'amount', order_direction: 'asc', page: null });
    expect(columns).toEqual(['merchant', 'amount']);
  });

  it('a view without order or columns goes back to the defaults', () => {
    const { changes, columns } = viewToList({ filters: {}, order: null, columns: null }, eventsShape);
    expect(changes).toEqual({ event_status: null, order_direction: null, page: null });
    expect(columns).toBeNull();
  });

  it('round-trips: the list a view produces matches that view', () => {
    const saved = viewFromList({ status: 'denied', created_at: '2026-11-01..2026-11-20', order_by: 'status', order_direction: 'asc' }, ['status', 'amount'], shape);
    const { changes, columns } = viewToList(saved, shape);
    const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null)) as Record<string, string>;
    expect(listMatchesView(saved, viewFromList(values, columns ?? [], shape))).toBe(true);
    expect(listMatchesView(saved, viewFromList({ ...values, status: 'approved' }, columns ?? [], shape))).toBe(false);
  });

  it('keeps a date preset as the preset and resolves it when applied: a "This week" view shows the week it is applied in', () => {
    const timeZone = 'America/Sao_Paulo';
    const now = Date.now();
    const thisWeek = presetRange('thisWeek', now, timeZone);
    const saved = viewFromList({ status: 'approved', created_at: thisWeek }, ['amount'], shape, { nowMs: now, timeZone });
    expect(saved).toMatchObject({ filters: { status: 'approved' }, datePreset: 'thisWeek' });
    // applied a week later: next week's dates, not the saved ones
    const later = now + 7 * 86_400_000;
    const { changes } = viewToList(saved, shape, { nowMs: later, timeZone });
    expect(changes.created_at).toBe(presetRange('thisWeek', later, timeZone));
    expect(changes.created_at).not.toBe(thisWeek);
    const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null)) as Record<string, string>;
    expect(listMatchesView(saved, viewFromList(values, ['amount'], shape, { nowMs: later, timeZone }))).toBe(true);
    // explicit dates stay explicit
    const custom = viewFromList({ created_at: '2026-11-01T00:00:00-03:00..2026-11-04T00:00:00-03:00' }, ['amount'], shape, { nowMs: now, timeZone });
    expect(custom).toMatchObject({ filters: { created_at: '2026-11-01T00:00:00-03:00..2026-11-04T00:00:00-03:00' }, datePreset: null });
    expect(viewToList(custom, shape, { nowMs: later, timeZone }).changes.created_at).toBe('2026-11-01T00:00:00-03:00..2026-11-04T00:00:00-03:00');
  });

  it('knows when the URL has no filter (when a default view applies)', () => {
    expect(hasNoFilters({ page: '2', order_by: 'amount' }, shape)).toBe(true);
    expect(hasNoFilters({ status: 'approved' }, shape)).toBe(false);
  });
});
