/** A unique-constraint violation (SQLSTATE 23505), raised by the driver or wrapped by Drizzle (in `cause`). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));
