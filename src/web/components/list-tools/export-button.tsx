import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CsvDialect } from '../../../contract/export.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import type { ExportJob, ExportRequest, ExportState } from '../toolbar-panels/export-job.ts';
import { loadPanels } from './load-panels.ts';
import { Popover } from './popover.tsx';

const ExportForm = lazy(() => loadPanels().then((m) => ({ default: m.ExportForm })));
const ExportStatus = lazy(() => loadPanels().then((m) => ({ default: m.ExportStatus })));

/** "Export" with a choice of plain CSV or Excel (Brasil); the download shows its progress and can be cancelled. */
export function ExportButton(props: ExportRequest) {
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
