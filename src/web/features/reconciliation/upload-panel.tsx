import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { Banner } from '../../components/banner.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { formatCount } from '../../lib/format.ts';
import { reconciliationKey } from './api/reconciliation-keys.ts';
import { UploadProblem, uploadStatement } from './api/reconciliation-api.ts';
import styles from './reconciliation.module.css';

type State =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; fraction: number }
  | { kind: 'done'; name: string; duplicate: boolean; lines: number; exceptions: number }
  | { kind: 'failed'; name: string; problem: UploadProblem };

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
      .catch((error: unknown) => setState({ kind: 'failed', name: file.name, problem: error instanceof UploadProblem ? error : new UploadProblem(0, '', []) }));
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
        {state.kind === 'failed' ? (
          <Banner tone="error">
            <p>{state.problem.status === 422 ? t('reconciliation.upload.rejected', { name: state.name }) : t('reconciliation.upload.failed', { name: state.name })}</p>
            {state.problem.detail ? <p>{state.problem.detail}</p> : null}
            {state.problem.lines.length > 0 ? (
              <ul className={styles.problemList}>
                {state.problem.lines.slice(0, 50).map((line) => <li key={line}>{line}</li>)}
              </ul>
            ) : null}
          </Banner>
        ) : null}
      </div>
    </section>
  );
}
