/** The reconciliation feature's query keys, built here alone (docs/design.md). */
const root = 'reconciliation';

export const reconciliationKeys = {
  all: () => [root] as const,
  exceptions: (filters: Record<string, string>) => [root, 'exceptions', filters] as const,
  ageing: (filters: Record<string, string>) => [root, 'ageing', filters] as const,
  files: () => [root, 'files'] as const,
  exception: (id: string) => [root, 'exception', id] as const,
};
