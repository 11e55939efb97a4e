import type { Notification } from '../../contract/notifications.ts';

/**
 * The notification's body as it is stored with the event (issue 21): the text exactly as received, except that a
 * full card number in it is masked to its first 6 and last 4 digits, so no stored body ever holds more of a card
 * than the dashboard shows (the platform's own card fields already allow only BIN + last 4; an acquirer may add a
 * field of its own). A card number is 13 to 19 digits, optionally grouped by single spaces or hyphens, starting with
 * 2 to 6 (every card network's range) and passing the Luhn check, whose digits are not the value of a field the
 * platform knows (a long terminal serial, an ICCID, a CNPJ, an identifier). In a JSON string its middle digits become
 * `*` (length and grouping kept); a bare JSON number becomes a string of the masked digits (still valid JSON).
 */
export function storedRawBody(text: string, notification: Notification): string {
  const known = knownDigits(notification);
  return text.replace(token, (match: string, string: string | undefined) => {
    if (string !== undefined) return match.replace(grouped, (run) => maskRun(run, known) ?? run);
    const masked = /^\d+$/.test(match) ? maskRun(match, known) : null;
    return masked === null ? match : `"${masked}"`;
  });
}

/** A JSON string (group 1: its content) or a JSON number: the two places digits can be. */
const token = /"((?:[^"\\]|\\.)*)"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
/** 13 to 19 digits, single spaces or hyphens allowed between them, not touching another digit. */
const grouped = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

function maskRun(run: string, known: ReadonlySet<string>): string | null {
  const digits = run.replace(/[ -]/g, '');
  if (digits.length < 13 || digits.length > 19 || !/^[2-6]/.test(digits) || !luhn(digits) || known.has(digits)) return null;
  let seen = 0;
  return run.replace(/\d/g, (d) => {
    seen++;
    return seen <= 6 || seen > digits.length - 4 ? d : '*';
  });
}

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digits of every text value the platform validates itself (free text, the holder's name and metadata, excluded). */
function knownDigits(n: Notification): Set<string> {
  const values = [
    n.eventId,
    n.id,
    n.terminalId,
    n.terminalSerialNumber,
    n.merchantTaxId,
    n.acquirerMerchantIdentifier,
    n.acquirerTerminalIdentifier,
    n.authorizationCode,
    n.retrievalReferenceNumber,
    n.productAid,
    n.terminalData.simSerialNumber,
    n.terminalData.networkSsid,
    n.terminalData.simApnData,
  ];
  return new Set(values.filter((v): v is string => typeof v === 'string').map((v) => v.replace(/[ -]/g, '')));
}
