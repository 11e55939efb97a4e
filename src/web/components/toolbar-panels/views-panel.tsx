import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient, type useQuery } from '@tanstack/react-query';
import type { SavedView, ViewPage } from '../../../contract/saved-views.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import { listMatchesView, type ViewState } from '../../lib/list-tools/view-url.ts';
import { viewsKey } from '../../lib/list-tools/views-keys.ts';
import { createView, deleteView, renameView, replaceView } from '../../lib/list-tools/views-write.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { Button } from '../button.tsx';
import { useAction } from './use-action.ts';
import { ViewRow, type Editing } from './view-row.tsx';
import styles from './toolbar-panels.module.css';

/** The views of a list's page (list-tools/views-picker.tsx hands over all but the views, the active one and close). */
export interface ViewsPanelProps {
  page: ViewPage;
  current: ViewState;
  onApply: (view: SavedView) => void;
  /** views:write; a merchant token or operator changes only its merchants' views */
  canWrite: boolean;
  /** the merchants the caller is limited to (null: every merchant) */
  merchantIds: readonly string[] | null;
  defaultId: string | null;
  onDefault: (id: string | null) => void;
  views: ReturnType<typeof useQuery<SavedView[]>>;
  activeId: string | null;
  close: () => void;
}

/** A failed view write in the user's language: a name taken (409) and a view gone (404) in words of their own. */
function viewWriteError(error: unknown, t: Translate): string {
  if (isApiError(error) && error.status === 409) return t('toolbar-panels.views.nameTaken');
  if (isApiError(error) && error.status === 404) return t('toolbar-panels.views.gone');
  const described = describeError(error, t);
  return `${described.title}. ${described.detail}`;
}

/** The views panel: apply, save, update, rename, delete, default (loaded when the Views button is first approached). */
export function ViewsPanel(props: ViewsPanelProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const listRef = useRef<HTMLUListElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [announcement, setAnnouncement] = useState('');
  // a view whose row takes the focus once it is listed: the control that acted is gone or disabled afterwards, and
  // focus left on the page body would put Escape out of the panel's reach
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-view-id="${focusId}"] button`); // ids are XIDs: [0-9a-v]
    if (!row) return;
    row.focus();
    setFocusId(null);
  }, [focusId, props.views.data]);
  const list = props.views.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewsKey(props.page) });
  const save = useAction(
    (n: string) => createView(props.page, n, props.current),
    async (_n, view) => {
      await refresh();
      setName('');
      setAnnouncement(t('toolbar-panels.views.saved', { name: view.name }));
      setFocusId(view.id);
    },
  );
  const renamer = useAction(
    (v: { id: string; name: string }) => renameView(v.id, v.name),
    (v) => {
      setEditing(null);
      setFocusId(v.id);
      return refresh();
    },
  );
  const remover = useAction(
    (id: string) => deleteView(id),
    async (id) => {
      if (props.defaultId === id) props.onDefault(null);
      setEditing(null);
      // the deleted row takes its buttons with it: focus moves to the view after it (or before it), else to the name field
      const at = list.findIndex((v) => v.id === id);
      const neighbour = list[at + 1] ?? list[at - 1];
      await refresh();
      setAnnouncement(t('toolbar-panels.views.deleted', { name: list[at]?.name ?? '' }));
      if (neighbour) setFocusId(neighbour.id);
      else nameRef.current?.focus();
    },
  );
  const updater = useAction(
    (view: SavedView) => replaceView(view.id, props.current),
    async (view) => {
      await refresh();
      setAnnouncement(t('toolbar-panels.views.updated', { name: view.name }));
      setFocusId(view.id); // the Update button is gone (the view now matches the list): focus goes to the view itself
    },
    (_view, error) => {
      if (isApiError(error) && error.status === 404) void refresh(); // deleted meanwhile: it leaves the list
    },
  );
  const failure = save.error ?? renamer.error ?? remover.error;
  const writable = (v: SavedView) => props.canWrite && (props.merchantIds === null || (v.merchantId !== null && props.merchantIds.includes(v.merchantId)));
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && !save.isPending) save.run(name.trim());
  };
  return (
    <div className={styles.views}>
      <p className={styles.panelTitle}>{t('toolbar-panels.views.title')}</p>
      {props.views.isPending ? <p className={styles.hint}>{t('toolbar-panels.views.loading')}</p> : null}
      {props.views.isError ? (
        <p className={styles.error} role="alert">
          {describeError(props.views.error, t).detail}{' '}
          <Button size="small" onClick={() => void props.views.refetch()}>
            {t('toolbar-panels.retry')}
          </Button>
        </p>
      ) : null}
      {props.views.isSuccess && list.length === 0 ? <p className={styles.hint}>{t('toolbar-panels.views.empty')}</p> : null}
      <ul className={styles.viewList} ref={listRef}>
        {list.map((view) => (
          <ViewRow
            key={view.id}
            view={view}
            panel={props}
            editing={editing}
            setEditing={setEditing}
            writable={writable(view)}
            renamer={renamer}
            remover={remover}
            update={
              writable(view) && !listMatchesView(view, props.current)
                ? {
                    run: () => {
                      if (!updater.isPending) updater.run(view);
                    },
                    pending: updater.isPending && updater.arg?.id === view.id,
                  }
                : null
            }
          />
        ))}
      </ul>
      {updater.error && updater.arg ? (
        <p className={styles.error} role="alert">
          {t('toolbar-panels.views.updateFailed', { name: updater.arg.name, reason: viewWriteError(updater.error, t) })}
        </p>
      ) : null}
      {failure ? (
        <p className={styles.error} role="alert">
          {viewWriteError(failure, t)}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {props.canWrite ? (
        <form className={styles.saveForm} onSubmit={onSave}>
          <label className={styles.saveLabel}>
            <span>{t('toolbar-panels.views.saveLabel')}</span>
            <input ref={nameRef} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} className={styles.input} placeholder={t('toolbar-panels.views.namePlaceholder')} />
          </label>
          {/* aria-disabled, not disabled, while saving: a disabled button would drop the keyboard focus */}
          <Button type="submit" size="small" variant="primary" disabled={name.trim() === ''} aria-disabled={save.isPending || undefined}>
            {t('toolbar-panels.views.save')}
          </Button>
        </form>
      ) : (
        <p className={styles.hint}>{t('toolbar-panels.views.readOnly')}</p>
      )}
    </div>
  );
}
