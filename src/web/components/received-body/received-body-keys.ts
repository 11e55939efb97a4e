/**
 * The body-as-received panel's query keys, built here alone (docs/design.md). Not under the events feature's keys:
 * those are the list's pages, which live updates and retries rewrite row by row.
 */
const root = 'event-received';

/** GET /v1/events/{eventId}: the event with the notification's body as received */
export const receivedEventKey = (eventId: string) => [root, eventId] as const;
