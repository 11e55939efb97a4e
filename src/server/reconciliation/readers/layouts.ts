import { cieloV15 } from './cielo-v15.ts';
import { getnetV10 } from './getnet-v10.ts';
import type { Layout, LayoutId } from './statement-record.ts';

/** Every layout the console reads; a new one (Rede EEVC/EEFI) is one module added here. */
export const layouts: readonly Layout[] = [cieloV15, getnetV10];

export const layoutById = (id: LayoutId): Layout => layouts.find((l) => l.id === id) as Layout;

export const detectLayout = (firstLine: string): Layout | null => layouts.find((l) => l.detect(firstLine)) ?? null;
