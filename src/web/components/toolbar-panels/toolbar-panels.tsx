import { useEffect, useRef, useState } from 'react';
import { formatCount } from '../../lib/format.ts';
import { useI18n, useT } from '../../lib/i18n/i18n.tsx';
import { moveColumn, toggleColumn } from '../../lib/list-tools/column-layout.ts';
import { exportFileName, formatMegabytes } from '../../lib/list-tools/csv-progress.ts';
import { downloadCsv, saveBlob } from '../../lib/list-tools/export-download.ts';
import type { ColumnLayout } from '../../lib/list-tools/use-column-layout.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { operatorTimeZone } from '../../lib/url-state-dates.ts';
import { Banner } from '../banner.tsx';
import { Button } from '../button.tsx';
import type { ExportJob } from './export-job.ts';
import styles from './toolbar-panels.module.css';

/*
 * The list toolbar's panels: the column chooser and the CSV export here, the saved views in views-panel.tsx. The
 * toolbar's buttons are in the list's chunk; these modules and their texts (messages/, a bundle of their own:
 * tools/i18n-messages.ts) load when one of them is first pointed at, focused or clicked (list-tools/popover.tsx),
 * so a list's first visit does not download them.
 */

export interface ColumnsPanelProps {
  layout: ColumnLayout;
  /** column id -> its label */
  labels: Readonly<Record<string, string>>;
}

/** The column chooser's panel: show, hide and reorder (each move announced). */
export function ColumnsPanel({ layout, labels }: ColumnsPanelProps) {
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
    setAnnouncement(t('toolbar-panels.columns.moved', { column: label(id), position: next.indexOf(id) + 1, count: next.length }));
  };
  const toggle = (id: string, show: boolean) => {
    const next = toggleColumn(visible, id, show);
    layout.setVisible(next);
    setAnnouncement(t(show ? 'toolbar-panels.columns.shown' : 'toolbar-panels.columns.hidden', { column: label(id) }));
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
            aria-label={t('toolbar-panels.columns.up', { column: label(id) })}
            disabled={index === 0}
            onClick={() => move(id, -1, 'up')}
          >
            ↑
          </Button>
          <Button
            size="small"
            variant="ghost"
            aria-label={t('toolbar-panels.columns.down', { column: label(id) })}
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
        <div className={styles.chooser} ref={listRef}>
          <p className={styles.panelTitle}>{t('toolbar-panels.columns.title')}</p>
          <p className={styles.hint}>{t('toolbar-panels.columns.hint')}</p>
          <ul className={styles.columnList} aria-label={t('toolbar-panels.columns.visible')}>
            {visible.map((id, i) => row(id, i))}
          </ul>
          {hidden.length > 0 ? (
            <ul className={styles.columnList} aria-label={t('toolbar-panels.columns.hiddenList')}>
              {hidden.map((id) => row(id, null))}
            </ul>
          ) : null}
          <div className={styles.panelFoot}>
            <Button size="small" onClick={layout.reset} disabled={layout.isDefault}>
              {t('toolbar-panels.columns.reset')}
            </Button>
          </div>
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
        </div>
  );
}

/** The export panel: the CSV dialect, what is exported, Download (the job's state is the button's: it outlives the panel). */
export function ExportForm({ job, close }: { job: ExportJob; close: () => void }) {
  const { t, language } = useI18n();
  const { path, params, columns, headerLabels, unexported, fileBase } = job.props;
  const { dialect, setDialect, setState, abortRef } = job;
  const running = job.state.kind === 'running';
  const start = async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ kind: 'running', rows: 0, bytes: 0, total: null });
    try {
      const { blob, rows } = await downloadCsv({
        path,
        params,
        columns,
        headerLabels,
        dialect,
        // the file reads as the screen: times in this browser's zone with their offset, values in the user's language
        reader: { timeZone: operatorTimeZone(), language },
        signal: controller.signal,
        onProgress: (p) => setState({ kind: 'running', ...p }),
      });
      const file = exportFileName(fileBase, new Date());
      saveBlob(blob, file);
      setState({ kind: 'done', file, rows });
    } catch (error) {
      setState(controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', error });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  return (
    <form
      className={styles.exportForm}
      onSubmit={(event) => {
        event.preventDefault();
        close();
        void start();
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.panelTitle}>{t('toolbar-panels.export.format')}</legend>
        <label className={styles.check}>
          <input type="radio" name="csv-dialect" value="rfc4180" checked={dialect === 'rfc4180'} onChange={() => setDialect('rfc4180')} />
          <span>
            {t('toolbar-panels.export.csv')}
            <small className={styles.hint}>{t('toolbar-panels.export.csvHint')}</small>
          </span>
        </label>
        <label className={styles.check}>
          <input type="radio" name="csv-dialect" value="excel-br" checked={dialect === 'excel-br'} onChange={() => setDialect('excel-br')} />
          <span>
            {t('toolbar-panels.export.excel')}
            <small className={styles.hint}>{t('toolbar-panels.export.excelHint')}</small>
          </span>
        </label>
      </fieldset>
      <p className={styles.hint}>{t('toolbar-panels.export.scope', { count: columns.length })}</p>
      {unexported.length > 0 ? <p className={styles.hint}>{t('toolbar-panels.export.unexported', { columns: unexported.join(', ') })}</p> : null}
      <div className={styles.panelFoot}>
        <Button type="submit" variant="primary" size="small" disabled={running || columns.length === 0}>
          {t('toolbar-panels.export.download')}
        </Button>
      </div>
    </form>
  );
}

/** Progress (with Cancel), done, cancelled or the failure of the export under way. */
export function ExportStatus({ job }: { job: ExportJob }) {
  const { t, locale } = useI18n();
  const { state, setState, abortRef } = job;
  return (
    <>
      {state.kind === 'running' ? (
        <div className={styles.progress} role="status" data-testid="export-progress">
          <progress
            max={state.total ?? undefined}
            value={state.total ? Math.min(state.rows, state.total) : undefined}
            aria-label={t('toolbar-panels.export.progressLabel')}
          />
          <span className={styles.progressText}>
            {state.total !== null
              ? t('toolbar-panels.export.progressOf', { rows: formatCount(state.rows, locale), total: formatCount(state.total, locale), size: formatMegabytes(state.bytes, locale) })
              : t('toolbar-panels.export.progress', { rows: formatCount(state.rows, locale), size: formatMegabytes(state.bytes, locale) })}
          </span>
          <Button size="small" onClick={() => abortRef.current?.abort()}>
            {t('toolbar-panels.export.cancel')}
          </Button>
        </div>
      ) : null}
      {state.kind === 'done' ? (
        <p className={styles.progress} role="status">
          {t('toolbar-panels.export.done', { file: state.file, rows: state.rows })}
        </p>
      ) : null}
      {state.kind === 'cancelled' ? (
        <p className={styles.progress} role="status">
          {t('toolbar-panels.export.cancelled')}
        </p>
      ) : null}
      {state.kind === 'failed' ? <ExportFailure error={state.error} onDismiss={() => setState({ kind: 'idle' })} /> : null}
    </>
  );
}

function ExportFailure({ error, onDismiss }: { error: unknown; onDismiss: () => void }) {
  const { t } = useI18n();
  const described = describeError(error, t);
  return (
    <Banner
      tone="error"
      title={t('toolbar-panels.export.failed')}
      className={styles.wide}
      action={
        <Button size="small" onClick={onDismiss}>
          {t('toolbar-panels.dismiss')}
        </Button>
      }
    >
      <p>{described.title}</p>
      <p>{described.detail}</p>
      {described.fieldErrors.map((f) => (
        <p key={`${f.where ?? ''}${f.detail}`}>{f.where ? `${f.where}: ${f.detail}` : f.detail}</p>
      ))}
    </Banner>
  );
}
