import { useEffect, useRef, useState } from 'react';
import type { CsvDialect } from '../../../contract/export.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { exportFileName } from '../../lib/list-tools/csv-progress.ts';
import { downloadCsv, saveBlob, type ExportProgress } from '../../lib/list-tools/export-download.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { Banner } from '../banner.tsx';
import { Button } from '../button.tsx';
import { Popover } from './popover.tsx';
import styles from './list-tools.module.css';

export interface ExportButtonProps {
  path: string;
  /** the list's API parameters (filters and order; paging is left out) */
  params: Readonly<Record<string, string | undefined>>;
  /** API columns in the visible order */
  columns: readonly string[];
  /** labels of visible columns the export cannot write */
  unexported: readonly string[];
  fileBase: string;
}

type ExportState =
  | { kind: 'idle' }
  | ({ kind: 'running' } & ExportProgress)
  | { kind: 'done'; file: string; rows: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

/** "Export" with a choice of plain CSV or Excel (Brasil); the download shows its progress and can be cancelled. */
export function ExportButton({ path, params, columns, unexported, fileBase }: ExportButtonProps) {
  const { t, locale } = useI18n();
  const [dialect, setDialect] = useState<CsvDialect>(locale.startsWith('pt') ? 'excel-br' : 'rfc4180');
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const number = new Intl.NumberFormat(locale);
  const megabytes = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', rows: 0, bytes: 0, total: null });
    try {
      const { blob, rows } = await downloadCsv({
        path,
        params,
        columns,
        dialect,
        signal: controller.signal,
        onProgress: (p) => setState({ kind: 'running', ...p }),
      });
      const file = exportFileName(fileBase, new Date());
      saveBlob(blob, file);
      setState({ kind: 'done', file, rows });
    } catch (error) {
      setState(controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', error });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const running = state.kind === 'running';
  return (
    <>
      <Popover label={t('list-tools.export.button')} title={t('list-tools.export.title')} testId="export-button">
        {(close) => (
          <form
            className={styles.exportForm}
            onSubmit={(event) => {
              event.preventDefault();
              close();
              void start();
            }}
          >
            <fieldset className={styles.fieldset}>
              <legend className={styles.panelTitle}>{t('list-tools.export.format')}</legend>
              <label className={styles.check}>
                <input type="radio" name="csv-dialect" value="rfc4180" checked={dialect === 'rfc4180'} onChange={() => setDialect('rfc4180')} />
                <span>
                  {t('list-tools.export.csv')}
                  <small className={styles.hint}>{t('list-tools.export.csvHint')}</small>
                </span>
              </label>
              <label className={styles.check}>
                <input type="radio" name="csv-dialect" value="excel-br" checked={dialect === 'excel-br'} onChange={() => setDialect('excel-br')} />
                <span>
                  {t('list-tools.export.excel')}
                  <small className={styles.hint}>{t('list-tools.export.excelHint')}</small>
                </span>
              </label>
            </fieldset>
            <p className={styles.hint}>{t('list-tools.export.scope', { count: columns.length })}</p>
            {unexported.length > 0 ? <p className={styles.hint}>{t('list-tools.export.unexported', { columns: unexported.join(', ') })}</p> : null}
            <div className={styles.panelFoot}>
              <Button type="submit" variant="primary" size="small" disabled={running || columns.length === 0}>
                {t('list-tools.export.download')}
              </Button>
            </div>
          </form>
        )}
      </Popover>
      {state.kind === 'running' ? (
        <div className={styles.progress} role="status" data-testid="export-progress">
          <progress
            max={state.total ?? undefined}
            value={state.total ? Math.min(state.rows, state.total) : undefined}
            aria-label={t('list-tools.export.progressLabel')}
          />
          <span className={styles.progressText}>
            {state.total !== null
              ? t('list-tools.export.progressOf', { rows: number.format(state.rows), total: number.format(state.total), size: megabytes.format(state.bytes / 1_048_576) })
              : t('list-tools.export.progress', { rows: number.format(state.rows), size: megabytes.format(state.bytes / 1_048_576) })}
          </span>
          <Button size="small" onClick={() => abort.current?.abort()}>
            {t('list-tools.export.cancel')}
          </Button>
        </div>
      ) : null}
      {state.kind === 'done' ? (
        <p className={styles.progress} role="status">
          {t('list-tools.export.done', { file: state.file, rows: state.rows })}
        </p>
      ) : null}
      {state.kind === 'cancelled' ? (
        <p className={styles.progress} role="status">
          {t('list-tools.export.cancelled')}
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
      title={t('list-tools.export.failed')}
      className={styles.wide}
      action={
        <Button size="small" onClick={onDismiss}>
          {t('list-tools.dismiss')}
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
