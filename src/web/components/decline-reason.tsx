import { lazy, Suspense } from 'react';
import { dash } from './data-table/column-helpers.tsx';

/*
 * The lists' "Decline reason" column (off by default): what a declined transaction's ABECS code means, in the
 * user's language, from the same texts as the transaction page's decline explanation (lib/domain/response-code-
 * text.ts over src/contract/response-code-texts-*.ts). Those texts load with the first row that shows one, never
 * with the list (issue 7's budget).
 */
const DeclineReasonText = lazy(() => import('./decline-reason-text.tsx'));

/** A declined transaction's reason (a dash for any other, or a code the catalogue lacks). */
export function DeclineReason({ status, code }: { status: string; code: string | null }) {
  if (status !== 'denied' || code === null) return dash;
  return (
    <Suspense fallback={dash}>
      <DeclineReasonText code={code} />
    </Suspense>
  );
}
