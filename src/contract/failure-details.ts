/**
 * The sentences the processing writes as an event's `failureDetail`, once: the server fills them in
 * (failureDetail), and the dashboard reads the values back out of a stored sentence (readFailureDetail) to say
 * it in the user's language from its own catalogue (`events.detail.<id>`), the sentence's id a stable key. A
 * sentence that matches none (written by an older version) is shown as it came, in English.
 */
export const failureDetailTemplates = {
  unknownTerminal: 'No connection of this organization has MID {mid} and TID {tid} at {acquirer}; connect the terminal, then retry.',
  connectionDisabled: 'The connection {connection} for MID {mid} / TID {tid} is disabled or disconnected; enable it, then retry.',
  taxIdMismatch: 'The notification names merchant tax id {taxId}, but MID {mid} belongs to a merchant with another tax id.',
  otherMerchant: 'Transaction {transaction} belongs to merchant {merchant}, but MID {mid} / TID {tid} is connected to {connected}.',
  authorizationMissing: 'No authorization of transaction {transaction} arrived after {attempts} attempts; the {step} cannot be applied.',
  awaitingAuthorization: 'The {step} arrived before the authorization of transaction {transaction}; attempt {attempt} of {maxAttempts}, retrying.',
  currencyMismatch: 'The notification is in {currency} but transaction {transaction} is in {expected}.',
  amountNotAuthorized: 'The {step} is for {amount} but transaction {transaction} was authorized for {authorized}.',
  authorizationDenied: 'Transaction {transaction} was denied at authorization; an approved {step} cannot follow it.',
  amountExceeds: 'The {step} of {amount} exceeds the {limit} transaction {transaction} still allows.',
} as const;

export type FailureDetailId = keyof typeof failureDetailTemplates;
type Values = Readonly<Record<string, string | number | bigint>>;

/** The sentence `id` with its values. */
export function failureDetail(id: FailureDetailId, values: Values): string {
  return failureDetailTemplates[id].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const readers = (Object.keys(failureDetailTemplates) as FailureDetailId[]).map((id) => {
  const names: string[] = [];
  const source = failureDetailTemplates[id]
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return escape(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { id, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** Which sentence a stored detail is and its values, or null when it is none of them. */
export function readFailureDetail(text: string): { id: FailureDetailId; values: Record<string, string> } | null {
  for (const { id, names, pattern } of readers) {
    const match = pattern.exec(text);
    if (match) return { id, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}
