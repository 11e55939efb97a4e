/** The transactions feature's query keys, built here alone (docs/design.md, "One name, one place"). */
const root = 'transactions';

/** one page of GET /v1/transactions/summaries: every parameter is part of the key */
export const summaryListKey = (params: Readonly<Record<string, string | undefined>>) => [root, 'list', params] as const;
/** GET /v1/transactions/summaries/{id}: one summary with its cycles */
export const summaryKey = (id: string) => [root, 'one', id] as const;
/** GET /v1/events?summary_id=: the events of one transaction */
export const summaryEventsKey = (summaryId: string) => [root, 'events', summaryId] as const;
/** GET /v1/receivables?summary_id=: the installments (receivables) of one transaction */
export const summaryReceivablesKey = (summaryId: string) => [root, 'receivables', summaryId] as const;
