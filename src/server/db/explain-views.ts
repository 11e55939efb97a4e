import { summaryOrderFields } from '../../contract/enums.ts';

/** One list view of the EXPLAIN matrix: which list, what varies, its query parameters, and who asks. */
export interface View {
  list: 'summaries' | 'events';
  label: string;
  params: Record<string, string>;
  /** true: the merchant-limited token's scope (the organization's first merchant) */
  merchant: boolean;
}

/** Values that occur in the data (the newest rows), so every filter of the matrix matches something. */
export interface Samples {
  amount: string;
  binPrefix: string;
  lastDigits: string;
  day: string;
  week: string;
  eventDay: string;
  eventWeek: string;
}

/** Page 1 and a deep page (page 500 of 20 = OFFSET 9 980, as the bench does) of every view. */
export const pages = [
  { name: 'p1', page: '1' },
  { name: 'p500', page: '500' },
] as const;

/** The common views: each filter alone on the default order, each sort with no filter, merchant-limited tokens. */
export function viewMatrix(s: Samples): View[] {
  const summaries = (label: string, params: Record<string, string>, merchant = false): View => ({ list: 'summaries', label, params, merchant });
  const events = (label: string, params: Record<string, string>, merchant = false): View => ({ list: 'events', label, params, merchant });
  return [
    summaries('none', {}),
    summaries('status=approved', { status: 'approved' }),
    summaries('status=denied', { status: 'denied' }),
    summaries('acquirer=stone', { acquirer: 'stone' }),
    summaries('acquirer=rede', { acquirer: 'rede' }),
    summaries('payment_method=pix', { payment_method: 'pix' }),
    summaries('card_brand=visa', { card_brand: 'visa' }),
    summaries(`amount=${s.amount}`, { amount: s.amount }),
    summaries('amount=100..500', { amount: '100..500' }),
    summaries(`created_at=${s.day}`, { created_at: s.day }),
    summaries(`created_at=${s.week}`, { created_at: s.week }),
    summaries(`card_first_digits=${s.binPrefix}`, { card_first_digits: s.binPrefix }),
    summaries(`card_first_digits=${s.binPrefix.slice(0, 1)}`, { card_first_digits: s.binPrefix.slice(0, 1) }),
    summaries(`card_last_digits=${s.lastDigits}`, { card_last_digits: s.lastDigits }),
    ...summaryOrderFields.flatMap((field) =>
      (['asc', 'desc'] as const)
        .filter((dir) => !(field === 'created_at' && dir === 'desc'))
        .map((dir) => summaries(`sort ${field} ${dir}`, { order_by: field, order_direction: dir })),
    ),
    summaries('status=approved sort amount desc', { status: 'approved', order_by: 'amount', order_direction: 'desc' }),
    summaries('merchant: none', {}, true),
    summaries('merchant: status=approved', { status: 'approved' }, true),
    summaries('merchant: sort amount desc', { order_by: 'amount', order_direction: 'desc' }, true),
    summaries('merchant: sort acquirer asc', { order_by: 'acquirer', order_direction: 'asc' }, true),
    events('none', {}),
    events('event_status=processed', { event_status: 'processed' }),
    events('event_status=failed', { event_status: 'failed' }),
    events('event_type=payment.completed', { event_type: 'payment.completed' }),
    events(`created_at=${s.eventDay}`, { created_at: s.eventDay }),
    events(`created_at=${s.eventWeek}`, { created_at: s.eventWeek }),
    events('sort created_at asc', { order_by: 'created_at', order_direction: 'asc' }),
    events('merchant: none', {}, true),
    events('merchant: event_status=failed', { event_status: 'failed' }, true),
  ];
}
