import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SavedView, ViewPage } from '../../../contract/saved-views.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { listMatchesView, type ViewState } from '../../lib/list-tools/view-url.ts';
import { savedViewsQuery } from '../../lib/list-tools/views-api.ts';
import { loadPanels, Popover } from './popover.tsx';

const ViewsPanel = lazy(() => loadPanels().then((m) => ({ default: m.ViewsPanel })));

export interface ViewsPickerProps {
  page: ViewPage;
  current: ViewState;
  onApply: (view: SavedView) => void;
  /** views:write; a merchant token changes only its merchant's views */
  canWrite: boolean;
  merchantId: string | null;
  defaultId: string | null;
  onDefault: (id: string | null) => void;
}

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

