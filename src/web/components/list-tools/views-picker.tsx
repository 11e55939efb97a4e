import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedView, ViewPage } from '../../../contract/saved-views.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { listMatchesView, type ViewState } from '../../lib/list-tools/view-url.ts';
import { createView, deleteView, renameView, savedViewsQuery, viewKeys } from '../../lib/list-tools/views-api.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { Button } from '../button.tsx';
import { Popover } from './popover.tsx';
import styles from './list-tools.module.css';

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

type Editing = { kind: 'rename' | 'delete'; id: string } | null;

/** One write at a time with its pending state and error (a few lines instead of loading useMutation on every list). */
function useAction<A>(action: (arg: A) => Promise<unknown>, onDone: (arg: A) => Promise<unknown> | void) {
  const [state, setState] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });
  const run = (arg: A) => {
    setState({ pending: true, error: null });
    action(arg).then(
      async () => {
        setState({ pending: false, error: null });
        await onDone(arg);
      },
      (error: unknown) => setState({ pending: false, error }),
    );
  };
  return { run, isPending: state.pending, error: state.error, reset: () => setState({ pending: false, error: null }) };
}

/** The saved views of a list (the organization's shared ones and the merchant's): apply, save, rename, delete, default. */
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
    >
      {(close) => <ViewsPanel {...props} views={views} activeId={active?.id ?? null} close={close} />}
    </Popover>
  );
}

function ViewsPanel(props: ViewsPickerProps & { views: ReturnType<typeof useQuery<SavedView[]>>; activeId: string | null; close: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [rename, setRename] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewKeys.page(props.page) });
  const save = useAction(
    (n: string) => createView(props.page, n, props.current),
    () => {
      setName('');
      return refresh();
    },
  );
  const renamer = useAction(
    (v: { id: string; name: string }) => renameView(v.id, v.name),
    () => {
      setEditing(null);
      return refresh();
    },
  );
  const remover = useAction(
    (id: string) => deleteView(id),
    (id) => {
      if (props.defaultId === id) props.onDefault(null);
      setEditing(null);
      return refresh();
    },
  );
  const failure = save.error ?? renamer.error ?? remover.error;
  const writable = (v: SavedView) => props.canWrite && (props.merchantId === null || v.merchantId === props.merchantId);
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.run(name.trim());
  };
  const list = props.views.data ?? [];
  return (
    <div className={styles.views}>
      <p className={styles.panelTitle}>{t('list-tools.views.title')}</p>
      {props.views.isPending ? <p className={styles.hint}>{t('list-tools.views.loading')}</p> : null}
      {props.views.isError ? (
        <p className={styles.error} role="alert">
          {describeError(props.views.error, t).detail}{' '}
          <Button size="small" onClick={() => void props.views.refetch()}>
            {t('list-tools.retry')}
          </Button>
        </p>
      ) : null}
      {props.views.isSuccess && list.length === 0 ? <p className={styles.hint}>{t('list-tools.views.empty')}</p> : null}
      <ul className={styles.viewList}>
        {list.map((view) => (
          <li key={view.id} className={styles.viewRow} data-view-name={view.name}>
            {editing?.kind === 'rename' && editing.id === view.id ? (
              <form
                className={styles.inlineForm}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (rename.trim()) renamer.run({ id: view.id, name: rename.trim() });
                }}
              >
                <input aria-label={t('list-tools.views.newName', { name: view.name })} value={rename} maxLength={80} onChange={(e) => setRename(e.target.value)} className={styles.input} />
                <Button type="submit" size="small" variant="primary" disabled={renamer.isPending}>
                  {t('list-tools.views.renameSave')}
                </Button>
                <Button size="small" onClick={() => setEditing(null)}>
                  {t('list-tools.cancel')}
                </Button>
              </form>
            ) : editing?.kind === 'delete' && editing.id === view.id ? (
              <div className={styles.confirm} role="group" aria-label={t('list-tools.views.deleteTitle', { name: view.name })}>
                <p>{view.merchantId === null ? t('list-tools.views.deleteShared', { name: view.name }) : t('list-tools.views.deleteOwn', { name: view.name })}</p>
                <Button size="small" variant="primary" onClick={() => remover.run(view.id)} disabled={remover.isPending}>
                  {t('list-tools.views.deleteConfirm')}
                </Button>
                <Button size="small" onClick={() => setEditing(null)}>
                  {t('list-tools.cancel')}
                </Button>
              </div>
            ) : (
              <>
                <button
                  type="button"
                  className={styles.viewApply}
                  aria-current={props.activeId === view.id || undefined}
                  onClick={() => {
                    props.onApply(view);
                    props.close();
                  }}
                >
                  <span className={styles.viewName}>{view.name}</span>
                  <span className={styles.viewMeta}>
                    {view.merchantId === null ? t('list-tools.views.shared') : t('list-tools.views.merchant')}
                    {props.defaultId === view.id ? ` · ${t('list-tools.views.isDefault')}` : ''}
                  </span>
                </button>
                <span className={styles.viewActions}>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-pressed={props.defaultId === view.id}
                    aria-label={props.defaultId === view.id ? t('list-tools.views.unsetDefault', { name: view.name }) : t('list-tools.views.setDefault', { name: view.name })}
                    title={t('list-tools.views.defaultHint')}
                    onClick={() => props.onDefault(props.defaultId === view.id ? null : view.id)}
                  >
                    <span aria-hidden="true" className={props.defaultId === view.id ? styles.starOn : styles.star} />
                  </Button>
                  {writable(view) ? (
                    <>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={t('list-tools.views.rename', { name: view.name })}
                        onClick={() => {
                          setRename(view.name);
                          renamer.reset();
                          setEditing({ kind: 'rename', id: view.id });
                        }}
                      >
                        {t('list-tools.views.renameShort')}
                      </Button>
                      <Button size="small" variant="ghost" aria-label={t('list-tools.views.delete', { name: view.name })} onClick={() => setEditing({ kind: 'delete', id: view.id })}>
                        {t('list-tools.views.deleteShort')}
                      </Button>
                    </>
                  ) : null}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      {failure ? (
        <p className={styles.error} role="alert">
          {failure && describeError(failure, t).detail}
        </p>
      ) : null}
      {props.canWrite ? (
        <form className={styles.saveForm} onSubmit={onSave}>
          <label className={styles.saveLabel}>
            <span>{t('list-tools.views.saveLabel')}</span>
            <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} className={styles.input} placeholder={t('list-tools.views.namePlaceholder')} />
          </label>
          <Button type="submit" size="small" variant="primary" disabled={save.isPending || name.trim() === ''}>
            {t('list-tools.views.save')}
          </Button>
        </form>
      ) : (
        <p className={styles.hint}>{t('list-tools.views.readOnly')}</p>
      )}
    </div>
  );
}
