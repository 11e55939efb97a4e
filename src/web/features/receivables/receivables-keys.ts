/** The receivables feature's query keys, built here alone (docs/design.md). */
const root = 'receivables';

export const receivablesCalendarKey = (params: Readonly<Record<string, string | undefined>>) => [root, 'calendar', params] as const;
export const receivablesArrangementsKey = (params: Readonly<Record<string, string | undefined>>) => [root, 'arrangements', params] as const;
export const receivablesListKey = (params: Readonly<Record<string, string | undefined>>) => [root, 'list', params] as const;
export const receivablesMarginKey = (params: Readonly<Record<string, string | undefined>>) => [root, 'margin', params] as const;
