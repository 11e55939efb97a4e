/**
 * The name a test's PostgreSQL databases start with: TEST_DATABASE_PREFIX, so several checkouts sharing one
 * server can tell theirs apart, else the suite's own default.
 */
export function testDatabasePrefix(fallback: string): string {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? fallback;
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`TEST_DATABASE_PREFIX must be lower-case letters, digits and _: ${prefix}`);
  return prefix;
}
