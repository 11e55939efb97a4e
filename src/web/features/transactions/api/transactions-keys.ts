/** The transactions feature's query keys, built here alone (docs/design.md, "One name, one place"). */
const all = ['transactions'] as const;

export const transactionsKeys = {
  all,
  /** one page of GET /v1/transactions/summaries: every parameter is part of the key */
  list: (params: Readonly<Record<string, string | undefined>>) => [...all, 'list', params] as const,
  /** GET /v1/transactions/summaries/{id}: one summary with its cycles */
  one: (id: string) => [...all, 'one', id] as const,
  /** GET /v1/events?summary_id=: the events of one transaction */
  events: (summaryId: string) => [...all, 'events', summaryId] as const,
};
