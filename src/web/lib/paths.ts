/** Dashboard paths that more than one page links to: defined once. */
export const transactionPath = (id: string) => `/transactions/${encodeURIComponent(id)}`;
export const transactionsSearchPath = (q: string) => `/transactions?${new URLSearchParams({ q }).toString()}`;
export const eventsOfTransactionPath = (summaryId: string) => `/events?${new URLSearchParams({ summary_id: summaryId }).toString()}`;
