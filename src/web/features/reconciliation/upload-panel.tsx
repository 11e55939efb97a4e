import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { Banner } from '../../components/banner.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { TechnicalDetails } from '../../components/technical-details.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { formatCount } from '../../lib/format.ts';
import { reconciliationKey } from './api/reconciliation-keys.ts';
import { isApiError } from '../../lib/api-client.ts';
import { uploadStatement } from './api/reconciliation-api.ts';
import styles from './reconciliation.module.css';

type State =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; fraction: number }
  | { kind: 'done'; name: string; duplicate: boolean; lines: number; exceptions: number }
  | { kind: 'failed'; name: string; error: unknown };

/** Pick a statement file: it is sent at once, with a progress bar, and the result or every bad line is shown. */
export function UploadPanel() {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ kind: 'sending', name: file.name, fraction: 0 });
    uploadStatement(file, (fraction) => setState({ kind: 'sending', name: file.name, fraction }))
      .then((result) => {
        setState({ kind: 'done', name: file.name, duplicate: result.duplicate, lines: result.file.lines, exceptions: result.file.exceptions });
        void queryClient.invalidateQueries({ queryKey: reconciliationKey() });
      })
      .catch((error: unknown) => setState({ kind: 'failed', name: file.name, error }));
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>{t('reconciliation.upload.title')}</h2>
      <p className={styles.hint}>{t('reconciliation.upload.hint')}</p>
      <label className={styles.fileLabel} htmlFor={`${id}-file`}>{t('reconciliation.upload.choose')}</label>
      <input id={`${id}-file`} type="file" accept=".txt,.TXT,text/plain" onChange={onChange} disabled={state.kind === 'sending'} />
      {state.kind === 'sending' ? (
        <div className={styles.progressRow}>
          <progress max={1} value={state.fraction} aria-label={t('reconciliation.upload.progress', { name: state.name })} />
          <span>{t('reconciliation.upload.percent', { percent: Math.round(state.fraction * 100) })}</span>
        </div>
      ) : null}
      <div>
        {state.kind === 'done' ? (
          <Banner tone={state.duplicate ? 'notice' : 'info'}>
            {state.duplicate
              ? t('reconciliation.upload.duplicate', { name: state.name })
              : t('reconciliation.upload.done', { name: state.name, lines: formatCount(state.lines), exceptions: state.exceptions })}
          </Banner>
        ) : null}
        {state.kind === 'failed' ? <UploadFailure name={state.name} error={state.error} /> : null}
      </div>
    </section>
  );
}

/** A refused file (422) with the API's detail and every bad line it names; any other failure as every page shows one. */
function UploadFailure({ name, error }: { name: string; error: unknown }) {
  const t = useT();
  const problem = isApiError(error) ? error.problem : null;
  if (isApiError(error) && error.status === 422) {
    const lines = (problem?.errors ?? []).map((e) => e.detail);
    return (
      <Banner tone="error">
        <p>{t('reconciliation.upload.rejected', { name })}</p>
        {lines.length > 0 ? <p>{lines.length > 50 ? t('reconciliation.upload.problemsFirst', { count: lines.length, shown: 50 }) : t('reconciliation.upload.problems', { count: lines.length })}</p> : null}
        {lines.length > 0 ? (
          <ul className={styles.problemList} lang="en">
            {lines.slice(0, 50).map((line) => <li key={line}>{line}</li>)}
          </ul>
        ) : null}
        <TechnicalDetails text={problem?.detail ?? null} />
      </Banner>
    );
  }
  return <ErrorState error={error} title={t('reconciliation.upload.failed', { name })} />;
}
