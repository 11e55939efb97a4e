import { Banner } from '../banner.tsx';
import { Button } from '../button.tsx';
import type { DroppedParam } from '../../lib/url-state.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { describeRule } from '../../lib/problems/describe-error.ts';

/** Says which values of a shared link were ignored, and why; they are already gone from the URL. */
export function DroppedNotice({ dropped, onDismiss }: { dropped: DroppedParam[]; onDismiss: () => void }) {
  const t = useT();
  if (dropped.length === 0) return null;
  return (
    <Banner
      tone="notice"
      title={t('components.dropped.title', { count: dropped.length })}
      action={
        <Button size="small" variant="ghost" onClick={onDismiss}>
          {t('components.dropped.dismiss')}
        </Button>
      }
    >
      <ul data-testid="dropped-params">
        {dropped.map((d, i) => (
          <li key={i}>
            <code>
              {d.key}={d.value}
            </code>{' '}
            {describeRule(d.reason, t)}.
          </li>
        ))}
      </ul>
    </Banner>
  );
}
