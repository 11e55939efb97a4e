import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n/i18n.tsx';
import { listMatchesView } from '../../lib/list-tools/view-url.ts';
import { savedViewsQuery } from '../../lib/list-tools/views-api.ts';
import type { ViewsPanelProps } from '../toolbar-panels/views-panel.tsx';
import { loadPanels } from './load-panels.ts';
import { Popover } from './popover.tsx';

const ViewsPanel = lazy(() => loadPanels().then((m) => ({ default: m.ViewsPanel })));

/** What the list hands the picker: the panel's props but those the picker adds (the views, the active one, close). */
export type ViewsPickerProps = Omit<ViewsPanelProps, 'views' | 'activeId' | 'close'>;

/** The saved views of a list (the organization's shared ones and the merchant's): apply, save, update, rename, delete, default. */
export function ViewsPicker(props: ViewsPickerProps) {
  const t = useT();
  const views = useQuery(savedViewsQuery(props.page));
  const active = views.data?.find((v) => listMatchesView(v, props.current));
  return (
    <Popover
      align="start"
      label={active ? t('list-tools.views.active', { name: active.name }) : t('list-tools.views.button')}
      title={t('list-tools.views.title')}
      testId="views-button"
      onIntent={loadPanels}
    >
      {(close) => <ViewsPanel {...props} views={views} activeId={active?.id ?? null} close={close} />}
    </Popover>
  );
}

