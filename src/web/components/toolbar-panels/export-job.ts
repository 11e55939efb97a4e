import type { Dispatch, MutableRefObject, SetStateAction } from 'react';
import type { CsvDialect } from '../../../contract/export.ts';
import type { ExportProgress } from '../../lib/list-tools/export-download.ts';

/** What a list exports (list-tools/export-button.tsx's props): its filters and order, the visible columns, their labels. */
export interface ExportRequest {
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
  props: ExportRequest;
  dialect: CsvDialect;
  setDialect: (dialect: CsvDialect) => void;
  state: ExportState;
  setState: Dispatch<SetStateAction<ExportState>>;
  abortRef: MutableRefObject<AbortController | null>;
}
