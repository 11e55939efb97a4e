/** The fee plans feature's query keys, built here alone (docs/design.md). */
export const feePlansKey = () => ['fee-plans', 'list'] as const;
