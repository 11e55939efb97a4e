import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/i18n.tsx';
import { moveColumn, toggleColumn } from '../../lib/list-tools/column-layout.ts';
import type { ColumnLayout } from '../../lib/list-tools/use-column-layout.ts';
import { Button } from '../button.tsx';
import { Popover } from './popover.tsx';
import styles from './list-tools.module.css';

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
  const [announcement, setAnnouncement] = useState('');
  // A moved row's DOM node may be re-inserted (which drops focus): put focus back on the control that moved it.
  const [focus, setFocus] = useState<{ id: string; control: 'check' | 'up' | 'down'; n: number } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    const row = listRef.current?.querySelector(`[data-column-choice="${CSS.escape(focus.id)}"]`);
    const wanted = row?.querySelector<HTMLInputElement | HTMLButtonElement>(`[data-control="${focus.control}"]`);
    (wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLElement>('[data-control="check"]'))?.focus();
  }, [focus]);
  const { visible, set } = layout;
  const hidden = set.choosable.filter((id) => !visible.includes(id));
  const label = (id: string) => labels[id] ?? id;
  const move = (id: string, step: number, control: 'check' | 'up' | 'down') => {
    const next = moveColumn(visible, id, step);
    layout.setVisible(next);
    setFocus((f) => ({ id, control, n: (f?.n ?? 0) + 1 }));
    setAnnouncement(t('list-tools.columns.moved', { column: label(id), position: next.indexOf(id) + 1, count: next.length }));
  };
  const toggle = (id: string, show: boolean) => {
    const next = toggleColumn(visible, id, show);
    layout.setVisible(next);
    setAnnouncement(t(show ? 'list-tools.columns.shown' : 'list-tools.columns.hidden', { column: label(id) }));
  };
  const row = (id: string, index: number | null) => (
    <li key={id} className={styles.columnRow} data-column-choice={id}>
      <label className={styles.check}>
        <input
          type="checkbox"
          data-control="check"
          checked={index !== null}
          disabled={index !== null && visible.length === 1}
          onChange={(event) => toggle(id, event.target.checked)}
          onKeyDown={(event) => {
            if (index === null || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
            event.preventDefault();
            move(id, event.key === 'ArrowUp' ? -1 : 1, 'check');
          }}
        />
        <span>{label(id)}</span>
      </label>
      {index !== null ? (
        <span className={styles.moves}>
          <Button
            size="small"
            variant="ghost"
            data-control="up"
            aria-label={t('list-tools.columns.up', { column: label(id) })}
            disabled={index === 0}
            onClick={() => move(id, -1, 'up')}
          >
            ↑
          </Button>
          <Button
            size="small"
            variant="ghost"
            aria-label={t('list-tools.columns.down', { column: label(id) })}
            data-control="down"
            disabled={index === visible.length - 1}
            onClick={() => move(id, 1, 'down')}
          >
            ↓
          </Button>
        </span>
      ) : null}
    </li>
  );
  return (
    <Popover label={t('list-tools.columns.button')} title={t('list-tools.columns.title')} testId="columns-button">
      {() => (
        <div className={styles.chooser} ref={listRef}>
          <p className={styles.panelTitle}>{t('list-tools.columns.title')}</p>
          <p className={styles.hint}>{t('list-tools.columns.hint')}</p>
          <ul className={styles.columnList} aria-label={t('list-tools.columns.visible')}>
            {visible.map((id, i) => row(id, i))}
          </ul>
          {hidden.length > 0 ? (
            <ul className={styles.columnList} aria-label={t('list-tools.columns.hiddenList')}>
              {hidden.map((id) => row(id, null))}
            </ul>
          ) : null}
          <div className={styles.panelFoot}>
            <Button size="small" onClick={layout.reset} disabled={layout.isDefault}>
              {t('list-tools.columns.reset')}
            </Button>
          </div>
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
        </div>
      )}
    </Popover>
  );
}
