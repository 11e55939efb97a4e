import { useState } from 'react';
import type { SavedView } from '../../../contract/saved-views.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { Button } from '../button.tsx';
import type { useAction } from './use-action.ts';
import styles from './toolbar-panels.module.css';

/** The row being renamed or asked to confirm its deletion, if any (one at a time in the panel). */
export type Editing = { kind: 'rename' | 'delete'; id: string } | null;

/** What a row takes of its panel (views-panel.tsx): the active and default views, apply, star, close. */
export interface RowPanel {
  activeId: string | null;
  defaultId: string | null;
  onApply: (view: SavedView) => void;
  onDefault: (id: string | null) => void;
  close: () => void;
}

export interface ViewRowProps {
  view: SavedView;
  panel: RowPanel;
  editing: Editing;
  setEditing: (editing: Editing) => void;
  /** the token may rename, delete and update this view */
  writable: boolean;
  renamer: ReturnType<typeof useAction<{ id: string; name: string }>>;
  remover: ReturnType<typeof useAction<string>>;
  /** "Update with current filters": offered on a writable view the list no longer matches */
  update: { run: () => void; pending: boolean } | null;
}

/** One saved view: apply it, or (as the token allows) rename it, delete it after a confirmation, update it; star it as the default. */
export function ViewRow({ view, panel, editing, setEditing, writable, renamer, remover, update }: ViewRowProps) {
  const t = useT();
  const [rename, setRename] = useState('');
  const isDefault = panel.defaultId === view.id;
  let content;
  if (editing?.kind === 'rename' && editing.id === view.id) {
    content = (
      <form
        className={styles.inlineForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (rename.trim()) renamer.run({ id: view.id, name: rename.trim() });
        }}
      >
        <input aria-label={t('toolbar-panels.views.newName', { name: view.name })} value={rename} maxLength={80} onChange={(e) => setRename(e.target.value)} className={styles.input} />
        <Button type="submit" size="small" variant="primary" disabled={renamer.isPending}>
          {t('toolbar-panels.views.renameSave')}
        </Button>
        <Button size="small" onClick={() => setEditing(null)}>
          {t('toolbar-panels.cancel')}
        </Button>
      </form>
    );
  } else if (editing?.kind === 'delete' && editing.id === view.id) {
    content = (
      <div className={styles.confirm} role="group" aria-label={t('toolbar-panels.views.deleteTitle', { name: view.name })}>
        <p>{view.merchantId === null ? t('toolbar-panels.views.deleteShared', { name: view.name }) : t('toolbar-panels.views.deleteOwn', { name: view.name })}</p>
        <Button size="small" variant="primary" onClick={() => remover.run(view.id)} disabled={remover.isPending}>
          {t('toolbar-panels.views.deleteConfirm')}
        </Button>
        <Button size="small" onClick={() => setEditing(null)}>
          {t('toolbar-panels.cancel')}
        </Button>
      </div>
    );
  } else {
    content = (
      <>
        <button
          type="button"
          className={styles.viewApply}
          aria-current={panel.activeId === view.id || undefined}
          onClick={() => {
            panel.onApply(view);
            panel.close();
          }}
        >
          <span className={styles.viewName}>{view.name}</span>
          <span className={styles.viewMeta}>
            {view.merchantId === null ? t('toolbar-panels.views.shared') : t('toolbar-panels.views.merchant')}
            {isDefault ? ` · ${t('toolbar-panels.views.isDefault')}` : ''}
          </span>
        </button>
        <span className={styles.viewActions}>
          <Button
            size="small"
            variant="ghost"
            aria-pressed={isDefault}
            aria-label={isDefault ? t('toolbar-panels.views.unsetDefault', { name: view.name }) : t('toolbar-panels.views.setDefault', { name: view.name })}
            title={t('toolbar-panels.views.defaultHint')}
            onClick={() => panel.onDefault(isDefault ? null : view.id)}
          >
            <span aria-hidden="true" className={isDefault ? styles.starOn : styles.star} />
          </Button>
          {writable ? (
            <>
              <Button
                size="small"
                variant="ghost"
                aria-label={t('toolbar-panels.views.rename', { name: view.name })}
                onClick={() => {
                  setRename(view.name);
                  renamer.reset();
                  setEditing({ kind: 'rename', id: view.id });
                }}
              >
                {t('toolbar-panels.views.renameShort')}
              </Button>
              <Button size="small" variant="ghost" aria-label={t('toolbar-panels.views.delete', { name: view.name })} onClick={() => setEditing({ kind: 'delete', id: view.id })}>
                {t('toolbar-panels.views.deleteShort')}
              </Button>
            </>
          ) : null}
        </span>
        {update ? (
          <span className={styles.viewUpdate}>
            {/* aria-disabled, not disabled, while pending: a disabled button would drop the keyboard focus */}
            <Button
              size="small"
              aria-label={update.pending ? t('toolbar-panels.views.updatingLabel', { name: view.name }) : t('toolbar-panels.views.updateLabel', { name: view.name })}
              aria-disabled={update.pending || undefined}
              aria-busy={update.pending || undefined}
              title={t('toolbar-panels.views.updateHint')}
              onClick={update.run}
            >
              {update.pending ? t('toolbar-panels.views.updating') : t('toolbar-panels.views.update')}
            </Button>
          </span>
        ) : null}
      </>
    );
  }
  return (
    <li className={styles.viewRow} data-view-name={view.name} data-view-id={view.id}>
      {content}
    </li>
  );
}
