/** A valid IANA time zone name (as this server's Intl knows it): America/Sao_Paulo, UTC. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneMessage = 'must be an IANA time zone such as America/Sao_Paulo';

/** The zone of the Brazilian financial calendar: receivables' due dates and fee plans' effective dates are its days. */
export const brasiliaTimeZone = 'America/Sao_Paulo';
