/**
 * A list's column layout: which of its choosable columns show, in which order. Kept per list and per signed-in
 * token on this browser (localStorage, no secrets: column ids only) and turned into TanStack Table's
 * columnOrder + columnVisibility state. Fixed columns (the expand toggle, row actions) keep their place.
 */
export interface ColumnSet {
  /** every leaf column id, in the definitions' order */
  all: readonly string[];
  /** the ones the user may show, hide and move */
  choosable: readonly string[];
  /** visible by default, in default order */
  defaults: readonly string[];
}

export const columnLayoutVersion = 1;

export function columnStorageKey(listId: string, owner: string): string {
  return `acq.columns.v${columnLayoutVersion}:${owner}:${listId}`;
}

/** Keeps known choosable ids, each once; null when nothing usable is left (then the default applies). */
export function cleanVisible(ids: readonly unknown[], set: ColumnSet): string[] | null {
  const out: string[] = [];
  for (const id of ids) if (typeof id === 'string' && set.choosable.includes(id) && !out.includes(id)) out.push(id);
  return out.length > 0 ? out : null;
}

/**
 * Reads what localStorage holds. Current: `{"v":1,"visible":[ids]}`. Also read: a bare array of ids, and
 * TanStack's own `{columnOrder, columnVisibility}` shape. Anything else (not JSON, other shapes, only unknown
 * ids) is null: the default layout, never an error.
 */
export function parseColumnLayout(raw: string | null, set: ColumnSet): string[] | null {
  if (raw === null || raw === '') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (Array.isArray(data)) return cleanVisible(data, set);
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.visible)) return cleanVisible(record.visible, set);
  if (Array.isArray(record.columnOrder) || (typeof record.columnVisibility === 'object' && record.columnVisibility !== null)) {
    const order = Array.isArray(record.columnOrder) ? (record.columnOrder as unknown[]) : [];
    const hidden = (record.columnVisibility ?? {}) as Record<string, unknown>;
    const ordered = [...order, ...set.all.filter((id) => !order.includes(id))];
    return cleanVisible(
      ordered.filter((id) => typeof id === 'string' && hidden[id] !== false),
      set,
    );
  }
  return null;
}

export function serializeColumnLayout(visible: readonly string[]): string {
  return JSON.stringify({ v: columnLayoutVersion, visible });
}

/** Parses the URL form (`columns=a,b,c`). */
export function parseColumnsParam(text: string | null, set: ColumnSet): string[] | null {
  return text ? cleanVisible(text.split(','), set) : null;
}

export function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => b[i] === id);
}

/** TanStack state: fixed columns before the first choosable one stay first, the other fixed ones last. */
export function tableColumnState(visible: readonly string[], set: ColumnSet) {
  const firstChoosable = set.all.findIndex((id) => set.choosable.includes(id));
  const fixed = set.all.filter((id) => !set.choosable.includes(id));
  const leading = fixed.filter((id) => set.all.indexOf(id) < firstChoosable);
  const trailing = fixed.filter((id) => !leading.includes(id));
  const hidden = set.choosable.filter((id) => !visible.includes(id));
  const columnOrder = [...leading, ...visible, ...hidden, ...trailing];
  const columnVisibility: Record<string, boolean> = Object.fromEntries(hidden.map((id) => [id, false]));
  return { columnOrder, columnVisibility };
}

/** Moves one column by `step` places among the visible ones (clamped). */
export function moveColumn(visible: readonly string[], id: string, step: number): string[] {
  const from = visible.indexOf(id);
  if (from < 0) return [...visible];
  const to = Math.max(0, Math.min(visible.length - 1, from + step));
  const next = visible.filter((v) => v !== id);
  next.splice(to, 0, id);
  return next;
}

/** Shows (at the end, where the user looks for it) or hides a column; the last visible one stays. */
export function toggleColumn(visible: readonly string[], id: string, show: boolean): string[] {
  if (!show) return visible.length > 1 ? visible.filter((v) => v !== id) : [...visible];
  return visible.includes(id) ? [...visible] : [...visible, id];
}
