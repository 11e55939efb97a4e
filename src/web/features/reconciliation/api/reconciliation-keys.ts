/** The reconciliation feature's query keys, built here alone (docs/design.md). */
const root = 'reconciliation';

export const reconciliationKey = () => [root] as const;
export const reconciliationExceptionsKey = (filters: Record<string, string>) => [root, 'exceptions', filters] as const;
export const reconciliationAgeingKey = (filters: Record<string, string>) => [root, 'ageing', filters] as const;
export const reconciliationFilesKey = () => [root, 'files'] as const;
export const reconciliationExceptionKey = (id: string) => [root, 'exception', id] as const;
