import { readFailureDetail } from '../../../contract/failure-details.ts';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';

/**
 * The server's failure detail of an event in the user's language: the sentence is one of the processing's
 * (src/contract/failure-details.ts, its id a stable key), its values read back out of it and said again by the
 * catalogue's `events.detail.<id>`, the step (capture, refund…) in words. Null for a sentence none of them is
 * (an older server's): the panel then shows it as it came, marked English.
 */
export function localFailureDetail(t: Translate, locale: string, detail: string): string | null {
  const read = readFailureDetail(detail);
  if (!read) return null;
  const { step, ...values } = read.values;
  const key = `events.detail.${read.id}`;
  if (!t.has(key)) return null;
  return t(key, { ...values, ...(step === undefined ? {} : { step: domainLabel(t, 'cycleType', step).toLocaleLowerCase(locale) }) });
}
