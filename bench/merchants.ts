import { openDatabase } from '../src/server/db/client.ts';
import { createMerchants } from '../src/server/seed/merchants.ts';
import { insertMerchants } from '../src/server/seed/reference-data.ts';
import type { BenchOptions } from './args.ts';
import { probe } from './http-load.ts';

/** The bench organization has this many merchants, so merchant search is measured at a sub-acquirer's size. */
export const benchMerchants = 5_000;

/**
 * Tops the organization up to `benchMerchants` merchants (no sales of their own; the summaries keep their
 * merchants). Runs before the server starts: the embedded database admits one process.
 */
export async function ensureMerchants(options: BenchOptions, organizationId: string): Promise<number> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    const [row] = await database.query<{ n: string }>('select count(*) as n from merchants where organization_id = $1', [organizationId]);
    const have = Number(row?.n ?? 0);
    if (have < benchMerchants) {
      // another seed than the sales' merchants: other ids and CNPJs
      const extra = createMerchants(options.seed + 1_000_003, organizationId, benchMerchants - have, Date.now());
      await insertMerchants(database, organizationId, extra, Date.now());
      console.error(`bench: added ${extra.length} merchants (now ${benchMerchants})`);
    }
    const [after] = await database.query<{ n: string }>('select count(*) as n from merchants where organization_id = $1', [organizationId]);
    return Number(after?.n ?? 0);
  } finally {
    await database.close();
  }
}

interface MerchantLike {
  name: string;
  taxId: string;
}

/** Merchant searches as the dashboard's combobox sends them while someone types. */
export async function merchantSearches(origin: string, headers: Record<string, string>): Promise<[string, Record<string, string>][]> {
  const res = await probe(`${origin}/v1/merchants?order_by=created_at&order_direction=desc&limit=1`, headers);
  if (res.status !== 200) throw new Error(`merchants sampling failed: HTTP ${res.status}`);
  const newest = (res.body as MerchantLike[])[0];
  const name = newest?.name ?? 'Padaria';
  const word = name.split(' ')[0] ?? 'Padaria';
  const cnpjPrefix = (newest?.taxId ?? '12345678').slice(0, 8);
  return [
    ['none (by name)', {}],
    [`q=${name.slice(0, 1).toLowerCase()} (1 letter)`, { q: name.slice(0, 1).toLowerCase() }],
    [`q=${word.slice(0, 3).toLowerCase()} (3 letters)`, { q: word.slice(0, 3).toLowerCase() }],
    [`q=${word} (a word)`, { q: word }],
    [`q=${name} (a whole name)`, { q: name }],
    [`q=${cnpjPrefix} (CNPJ start)`, { q: cnpjPrefix }],
    ['q=zzzz (no match)', { q: 'zzzz' }],
  ];
}
