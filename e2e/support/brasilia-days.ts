/**
 * Calendar days in Brasília (receivables' due dates, plans' effective dates, statement dates are Brasília days),
 * computed here with Intl on their own, never through the dashboard's or the server's code.
 */

/** The Brasília day of an instant (now by default): `YYYY-MM-DD`. */
export const brasiliaDay = (instant: Date | string = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(instant));

/** A `YYYY-MM-DD` day moved by whole days. */
export const plusDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
