/** Dashboard paths that more than one page links to: defined once. */
export const transactionPath = (id: string) => `/transactions/${encodeURIComponent(id)}`;
export const transactionsSearchPath = (q: string) => `/transactions?${new URLSearchParams({ q }).toString()}`;
/** A receivable: its row among the installments on its sale's transaction page. */
export const receivableAnchor = (receivableId: string) => `receivable-${receivableId}`;
export const receivablePath = (summaryId: string, receivableId: string) => `${transactionPath(summaryId)}#${receivableAnchor(receivableId)}`;
export const eventsOfTransactionPath = (summaryId: string) => `/events?${new URLSearchParams({ summary_id: summaryId }).toString()}`;

/** The transactions list filtered by summaries filters (status, acquirer, card_brand, created_at…: the list's URL keys). */
export type TransactionsListFilters = Partial<Record<'status' | 'acquirer' | 'card_brand' | 'payment_method' | 'created_at' | 'merchant_id', string>>;
const listFilterOrder = ['status', 'acquirer', 'payment_method', 'card_brand', 'created_at', 'merchant_id'] as const;
export const transactionsListPath = (filters: TransactionsListFilters) => {
  const search = new URLSearchParams();
  for (const key of listFilterOrder) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return query ? `/transactions?${query}` : '/transactions';
};
