/** The people feature's query keys, built here alone (docs/design.md). */
export const peopleKey = () => ['people', 'list'] as const;
