import { lazy, Suspense, useEffect, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import type { CsvDialect } from '../../../contract/export.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import type { ExportProgress } from '../../lib/list-tools/export-download.ts';
import { loadPanels, Popover } from './popover.tsx';

const ExportForm = lazy(() => loadPanels().then((m) => ({ default: m.ExportForm })));
const ExportStatus = lazy(() => loadPanels().then((m) => ({ default: m.ExportStatus })));

export interface ExportButtonProps {
  path: string;
  /** the list's API parameters (filters and order; paging is left out) */
  params: Readonly<Record<string, string | undefined>>;
  /** API columns in the visible order */
  columns: readonly string[];
  /** API column -> the label the list shows, in the user's language: the downloaded file's header record */
  headerLabels: Readonly<Record<string, string>>;
  /** labels of visible columns the export cannot write */
  unexported: readonly string[];
  fileBase: string;
}

export type ExportState =
  | { kind: 'idle' }
  | ({ kind: 'running' } & ExportProgress)
  | { kind: 'done'; file: string; rows: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

/** An export's state, kept by the button (it outlives the panel) and run by the panel (toolbar-panels.tsx). */
export interface ExportJob {
  props: ExportButtonProps;
  dialect: CsvDialect;
  setDialect: (dialect: CsvDialect) => void;
  state: ExportState;
  setState: Dispatch<SetStateAction<ExportState>>;
  abortRef: MutableRefObject<AbortController | null>;
}

/** "Export" with a choice of plain CSV or Excel (Brasil); the download shows its progress and can be cancelled. */
export function ExportButton(props: ExportButtonProps) {
  const { t, locale } = useI18n();
  const [dialect, setDialect] = useState<CsvDialect>(locale.startsWith('pt') ? 'excel-br' : 'rfc4180');
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);
  const job: ExportJob = { props, dialect, setDialect, state, setState, abortRef };
  return (
    <>
      <Popover label={t('list-tools.export.button')} title={t('list-tools.export.title')} testId="export-button" onIntent={loadPanels}>
        {(close) => <ExportForm job={job} close={close} />}
      </Popover>
      {state.kind !== 'idle' ? (
        <Suspense fallback={null}>
          <ExportStatus job={job} />
        </Suspense>
      ) : null}
    </>
  );
}
