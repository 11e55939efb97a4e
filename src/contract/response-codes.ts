/**
 * The ABECS response codes (Brazilian standard for ISO 8583 field 39, as acquirers return them), with who
 * declined and whether a retry can succeed. Texts for people live per language in response-code-texts-*.ts,
 * keyed by the same codes, so the dashboard shows them in the user's language.
 */

/** Who stopped the transaction: the card's issuer, the acquirer, the merchant's own setup, or a technical fault. */
export type DeclineSource = 'none' | 'issuer' | 'acquirer' | 'merchant_setup' | 'technical';

/**
 * Can the same sale succeed if tried again: now; later (funds, limits, a system back up); only after
 * something changes (another PIN, the chip, an unblocked card, corrected data); or never with this card.
 */
export type RetryAdvice = 'not_needed' | 'now' | 'later' | 'after_change' | 'no';

export interface ResponseCodeInfo {
  source: DeclineSource;
  retry: RetryAdvice;
}

const c = (source: DeclineSource, retry: RetryAdvice): ResponseCodeInfo => ({ source, retry });

export const responseCodes = {
  '00': c('none', 'not_needed'),
  '03': c('merchant_setup', 'no'),
  '04': c('technical', 'now'),
  '05': c('issuer', 'later'),
  '12': c('issuer', 'no'),
  '13': c('merchant_setup', 'after_change'),
  '14': c('issuer', 'after_change'),
  '15': c('issuer', 'no'),
  '19': c('acquirer', 'now'),
  '23': c('merchant_setup', 'after_change'),
  '30': c('technical', 'after_change'),
  '41': c('issuer', 'no'),
  '43': c('issuer', 'no'),
  '46': c('issuer', 'no'),
  '51': c('issuer', 'later'),
  '54': c('issuer', 'no'),
  '55': c('issuer', 'after_change'),
  '56': c('issuer', 'no'),
  '57': c('issuer', 'no'),
  '58': c('merchant_setup', 'no'),
  '59': c('issuer', 'no'),
  '61': c('issuer', 'later'),
  '62': c('issuer', 'later'),
  '63': c('issuer', 'no'),
  '64': c('merchant_setup', 'after_change'),
  '65': c('issuer', 'later'),
  '75': c('issuer', 'later'),
  '76': c('issuer', 'no'),
  '77': c('issuer', 'no'),
  '78': c('issuer', 'after_change'),
  '82': c('technical', 'after_change'),
  '83': c('issuer', 'after_change'),
  '91': c('issuer', 'later'),
  '93': c('issuer', 'no'),
  '96': c('technical', 'later'),
  '1A': c('issuer', 'after_change'),
  '6P': c('issuer', 'after_change'),
  AB: c('merchant_setup', 'after_change'),
  AC: c('merchant_setup', 'after_change'),
  FM: c('merchant_setup', 'after_change'),
  N7: c('issuer', 'after_change'),
  P5: c('issuer', 'after_change'),
  R0: c('issuer', 'no'),
  R1: c('issuer', 'no'),
  R2: c('issuer', 'no'),
  R3: c('issuer', 'no'),
} as const satisfies Record<string, ResponseCodeInfo>;

export type ResponseCode = keyof typeof responseCodes;

export const isKnownResponseCode = (code: string): code is ResponseCode => Object.hasOwn(responseCodes, code);

/** Texts for one code in one language: what it means, what the agent tells the customer, what the merchant can do. */
export interface ResponseCodeText {
  meaning: string;
  customer: string;
  merchant: string;
}

export type ResponseCodeTexts = Record<ResponseCode, ResponseCodeText>;

/** What a declined transaction's code means (texts of one language), or null: not declined, no code, or a code the catalogue lacks. */
export function declineReason(texts: ResponseCodeTexts, status: string, code: string | null): string | null {
  if (status !== 'denied' || code === null || !isKnownResponseCode(code)) return null;
  return texts[code].meaning;
}
