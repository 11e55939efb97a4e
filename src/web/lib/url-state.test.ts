import { describe, expect, it } from 'vitest';
import { eventQueryShape } from '../../contract/events.ts';
import { summaryQueryShape } from '../../contract/summaries.ts';
import { applyListChanges, effectiveValue, listUrlSpec, readListParams } from './url-state.ts';

const summarySpec = listUrlSpec(summaryQueryShape);
const eventSpec = listUrlSpec(eventQueryShape);

const read = (query: string) => readListParams(summarySpec, new URLSearchParams(query));

describe('readListParams', () => {
  it('keeps every valid summary filter as text', () => {
    const r = read(
      'status=approved&acquirer=cielo&payment_method=credit_card&card_brand=visa&amount=100..250.50' +
        '&created_at=2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00&card_first_digits=4111&card_last_digits=1234' +
        '&page=3&limit=50&order_by=amount&order_direction=asc',
    );
    expect(r.dropped).toEqual([]);
    expect(r.canonical).toBeNull();
    expect(r.values).toEqual({
      status: 'approved',
      acquirer: 'cielo',
      payment_method: 'credit_card',
      card_brand: 'visa',
      amount: '100..250.50',
      created_at: '2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00',
      card_first_digits: '4111',
      card_last_digits: '1234',
      page: '3',
      limit: '50',
      order_by: 'amount',
      order_direction: 'asc',
    });
  });

  it.each([
    ['status', 'bogus'],
    ['acquirer', 'CIELO'],
    ['payment_method', 'cash'],
    ['card_brand', 'diners'],
    ['amount', '12.345'],
    ['amount', '10..5'],
    ['amount', '1e3'],
    ['created_at', '2026-13-01'],
    ['created_at', '2026-11-22..2026-11-21'],
    ['card_first_digits', '123456789'],
    ['card_first_digits', '12ab'],
    ['card_last_digits', '123'],
    ['page', '0'],
    ['page', 'two'],
    ['page', 'last-0'],
    ['cursor', 'not a cursor'],
    ['limit', '101'],
    ['limit', '37'],
    ['order_by', 'holder_name'],
    ['order_direction', 'up'],
  ])('drops %s=%s with a reason and removes it from the URL', (key, value) => {
    const companion = key === 'payment_method' ? 'card_brand=visa' : 'payment_method=pix';
    const r = read(`${key}=${encodeURIComponent(value)}&${companion}`);
    expect(r.dropped).toHaveLength(1);
    expect(r.dropped[0]).toMatchObject({ key, value });
    expect(r.dropped[0]?.reason).toMatch(/\w/);
    expect(r.canonical?.get(key) ?? null).toBeNull();
    expect(r.canonical?.toString()).toBe(companion);
    expect(Object.keys(r.values)).toEqual([companion.split('=')[0]]);
  });

  it('explains why a page size is refused', () => {
    expect(read('limit=37').dropped[0]?.reason).toBe('must be 20, 50 or 100');
    expect(read('card_last_digits=123').dropped[0]?.reason).toBe('must be exactly 4 digits');
    expect(read('status=bogus').dropped[0]?.reason).toBe('must be one of pending, approved, denied, partially_refunded, refunded, canceled');
  });

  it('drops a repeated parameter after its first value', () => {
    const r = read('status=approved&status=denied');
    expect(r.values.status).toBe('approved');
    expect(r.dropped).toEqual([{ key: 'status', value: 'denied', reason: 'was given more than once' }]);
    expect(r.canonical?.getAll('status')).toEqual(['approved']);
  });

  it('removes defaults from the URL without a notice', () => {
    const r = read('page=1&limit=20&order_by=created_at&order_direction=desc&acquirer=rede');
    expect(r.dropped).toEqual([]);
    expect(r.values).toEqual({ acquirer: 'rede' });
    expect(r.canonical?.toString()).toBe('acquirer=rede');
  });

  it('leaves parameters that are not part of the list alone', () => {
    const r = read('refresh=15&page=2');
    expect(r.canonical).toBeNull();
    expect(r.values).toEqual({ page: '2' });
  });

  it('reads event parameters with the event schema', () => {
    const r = readListParams(eventSpec, new URLSearchParams('event_status=failed&event_type=payment.completed&order_by=amount'));
    expect(r.values).toEqual({ event_status: 'failed', event_type: 'payment.completed' });
    expect(r.dropped.map((d) => d.key)).toEqual(['order_by']);
    expect(readListParams(eventSpec, new URLSearchParams('event_type=Payment')).dropped[0]?.key).toBe('event_type');
  });

  it('keeps a + offset when the URL encodes it, and drops the space a raw + decodes to', () => {
    const value = '2026-11-21T00:00:00+05:30..2026-11-22T00:00:00+05:30';
    const encoded = new URLSearchParams({ created_at: value }).toString();
    expect(encoded).toContain('%2B05%3A30');
    expect(read(encoded).values.created_at).toBe(value);
    const raw = read(`created_at=${value}`);
    expect(raw.values.created_at).toBeUndefined();
    expect(raw.dropped[0]?.key).toBe('created_at');
  });
});

describe('applyListChanges', () => {
  const apply = (query: string, changes: Parameters<typeof applyListChanges<keyof typeof summaryQueryShape>>[2]) =>
    applyListChanges(summarySpec, new URLSearchParams(query), changes).toString();

  it('resets to page 1 when a filter changes', () => {
    expect(apply('page=4&status=approved', { status: 'denied' })).toBe('status=denied');
    expect(apply('page=4&status=approved', { acquirer: 'stone' })).toBe('acquirer=stone&status=approved');
  });

  it('resets to page 1 when the sort or page size changes', () => {
    expect(apply('page=4', { order_by: 'amount', order_direction: 'asc' })).toBe('order_direction=asc&order_by=amount');
    expect(apply('page=4', { limit: '50' })).toBe('limit=50');
  });

  it('keeps the page when nothing really changed', () => {
    expect(apply('page=4&status=approved', { status: 'approved' })).toBe('page=4&status=approved');
  });

  it('changes only the page when the page changes', () => {
    expect(apply('status=approved&limit=50', { page: '2' })).toBe('page=2&limit=50&status=approved');
    expect(apply('page=2&limit=50', { page: '1' })).toBe('limit=50');
  });

  it('clears a key with null or empty text, and omits defaults', () => {
    expect(apply('status=approved&amount=10', { status: null, amount: '' })).toBe('');
    expect(apply('order_direction=asc', { order_direction: 'desc' })).toBe('');
  });

  it('round-trips: what it writes reads back to the same values', () => {
    const changes = {
      status: 'approved',
      amount: '..99.90',
      created_at: '2026-11-21T00:00:00+05:30..',
      card_first_digits: '5',
      limit: '100',
      order_by: 'card_brand',
      order_direction: 'asc',
    } as const;
    const written = applyListChanges(summarySpec, new URLSearchParams(), changes);
    const back = readListParams(summarySpec, new URLSearchParams(written.toString()));
    expect(back.dropped).toEqual([]);
    expect(back.canonical).toBeNull();
    expect(back.values).toEqual(changes);
  });

  it('drops the cursor with the page when a filter, the order or the page size changes', () => {
    expect(apply('page=7&cursor=abc&status=approved', { status: 'denied' })).toBe('status=denied');
    expect(apply('page=last&cursor=abc', { order_direction: 'asc' })).toBe('order_direction=asc');
    expect(apply('page=7&cursor=abc', { limit: '50' })).toBe('limit=50');
    expect(apply('cursor=abc&status=approved', { status: 'approved' })).toBe('cursor=abc&status=approved');
  });

  it('sets the position whole: a page number without a cursor drops the cursor, and back', () => {
    expect(apply('page=7&cursor=abc&status=approved', { page: null })).toBe('status=approved');
    expect(apply('page=7&cursor=abc', { page: '8', cursor: 'def' })).toBe('page=8&cursor=def');
    expect(apply('page=7&cursor=abc', { page: '3' })).toBe('page=3');
    expect(apply('page=7', { cursor: 'def', page: 'last' })).toBe('page=last&cursor=def');
  });

  it('keeps unrelated parameters', () => {
    expect(apply('refresh=15&page=3', { status: 'pending' })).toBe('refresh=15&status=pending');
  });
});

describe('effectiveValue', () => {
  it('falls back to the default, then to empty text', () => {
    expect(effectiveValue(summarySpec, {}, 'limit')).toBe('20');
    expect(effectiveValue(summarySpec, { limit: '50' }, 'limit')).toBe('50');
    expect(effectiveValue(summarySpec, {}, 'status')).toBe('');
  });
});
