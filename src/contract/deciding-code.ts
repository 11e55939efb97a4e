/**
 * The response code that speaks for a transaction, from its cycles in order: the last denied cycle's (what
 * declined it; the dashboard's decline explanation is of that one), else the last code any cycle was answered with.
 */
export function decidingResponseCode(cycles: readonly { status: string; responseCode: string | null }[]): string | null {
  const denied = cycles.findLast((c) => c.status === 'denied' && c.responseCode !== null);
  return denied?.responseCode ?? cycles.findLast((c) => c.responseCode !== null)?.responseCode ?? null;
}
