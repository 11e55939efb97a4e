import { use } from 'react';
import { readFailureDetail } from '../../../contract/failure-details.ts';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { loadFeatureMessages, useI18n } from '../../lib/i18n/i18n.tsx';

// its texts are a bundle of their own (tools/i18n-messages.ts lazyComponentBundles), asked for with its code
const texts = loadFeatureMessages('failure-detail');

/**
 * The server's failure detail of an event in the user's language. The sentence is one of the processing's
 * (src/contract/failure-details.ts, its id a stable key): its values are read back out of it and said again by
 * the catalogue's `failure-detail.<id>`, the step (capture, refund…) in words. A sentence none of them is (an
 * older server's) shows as it came, marked English. Loaded when an event's processing panel shows a detail.
 */
export function FailureDetail({ detail, className, title }: { detail: string; className?: string; title: string }) {
  use(texts);
  const { t, locale } = useI18n();
  const read = readFailureDetail(detail);
  const key = read ? `failure-detail.${read.id}` : null;
  let local: string | null = null;
  if (read && key !== null && t.has(key)) {
    const { step, ...values } = read.values;
    local = t(key, { ...values, ...(step === undefined ? {} : { step: domainLabel(t, 'cycleType', step).toLocaleLowerCase(locale) }) });
  }
  return (
    <p className={className} lang={local === null ? 'en' : undefined} title={title} data-testid="failure-detail">
      {local ?? detail}
    </p>
  );
}
