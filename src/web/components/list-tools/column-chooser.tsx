import { lazy } from 'react';
import { useT } from '../../lib/i18n/i18n.tsx';
import type { ColumnLayout } from '../../lib/list-tools/use-column-layout.ts';
import { loadPanels, Popover } from './popover.tsx';

const ColumnsPanel = lazy(() => loadPanels().then((m) => ({ default: m.ColumnsPanel })));

export interface ColumnChooserProps {
  layout: ColumnLayout;
  /** column id -> its label */
  labels: Readonly<Record<string, string>>;
}

/**
 * Show, hide and reorder a list's columns. Keyboard: the arrow buttons, or Alt+↑/↓ on a column's checkbox;
 * each move is announced. Kept on this browser for this list and token; "Reset to default" forgets it.
 */
export function ColumnChooser({ layout, labels }: ColumnChooserProps) {
  const t = useT();
  return (
    <Popover label={t('list-tools.columns.button')} title={t('list-tools.columns.title')} testId="columns-button" onIntent={loadPanels}>
      {() => <ColumnsPanel layout={layout} labels={labels} />}
    </Popover>
  );
}
