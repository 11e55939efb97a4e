import { Banner } from '../banner.tsx';
import { Button } from '../button.tsx';
import type { DroppedParam } from '../../lib/url-state.ts';

/** Says which values of a shared link were ignored, and why; they are already gone from the URL. */
export function DroppedNotice({ dropped, onDismiss }: { dropped: DroppedParam[]; onDismiss: () => void }) {
  if (dropped.length === 0) return null;
  return (
    <Banner
      tone="notice"
      title={dropped.length === 1 ? 'A link parameter was ignored' : 'Some link parameters were ignored'}
      action={
        <Button size="small" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      <ul data-testid="dropped-params">
        {dropped.map((d, i) => (
          <li key={i}>
            <code>
              {d.key}={d.value}
            </code>{' '}
            {d.reason}.
          </li>
        ))}
      </ul>
    </Banner>
  );
}
