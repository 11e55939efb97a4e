import { lazy } from 'react';
import { useT } from '../../lib/i18n/i18n.tsx';
import type { ColumnsPanelProps } from '../toolbar-panels/toolbar-panels.tsx';
import { loadPanels } from './load-panels.ts';
import { Popover } from './popover.tsx';

const ColumnsPanel = lazy(() => loadPanels().then((m) => ({ default: m.ColumnsPanel })));

export type ColumnChooserProps = ColumnsPanelProps;

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
