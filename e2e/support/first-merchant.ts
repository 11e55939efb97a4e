/**
 * Prints the first merchant id of the demo organization in DATA_DIR (run by the e2e global setup before
 * the server starts: PGlite is single-process).
 */
import { asc, eq } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { merchants } from '../../src/server/db/schema.ts';
import { demoOrganization } from '../../src/server/seed/demo.ts';

const database = await openDatabase({ dataDir: process.env.DATA_DIR });
try {
  const [row] = await database.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.organizationId, demoOrganization.id))
    .orderBy(asc(merchants.id))
    .limit(1);
  if (!row) throw new Error('the demo organization has no merchants');
  console.log(row.id);
} finally {
  await database.close();
}
