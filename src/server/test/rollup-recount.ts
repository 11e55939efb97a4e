import type { Database } from '../db/client.ts';

const recount = (time: string, dims: string) => `SELECT organization_id, m AS merchant_id, ${time} AS t, ${dims}, count(*) AS n, sum(amount_minor) AS amount
  FROM (SELECT *, coalesce(card_brand, '') AS brand FROM transaction_summaries) s CROSS JOIN LATERAL (VALUES (merchant_id), ('*')) AS v(m)
  GROUP BY 1, 2, 3, ${dims}`;

const kept = (table: string, time: string, dims: string) => `SELECT organization_id, merchant_id, ${time} AS t, ${dims}, count AS n, amount_minor AS amount FROM ${table} WHERE count <> 0`;

/**
 * Rows of the three stats rollups that differ from a recount of transaction_summaries (0 when they agree): what
 * the rollup triggers keep, and what a bulk load or partition retention must leave the same way.
 */
export async function rollupMismatches(database: Pick<Database, 'query'>): Promise<number> {
  const cube = 'status, acquirer, payment_method';
  const pairs = [
    [kept('summary_rollup', 'hour', `${cube}, card_brand AS brand`), recount(`date_trunc('hour', created_at, 'UTC')`, `${cube}, brand`)],
    [kept('summary_rollup_daily', 'day', `${cube}, card_brand AS brand`), recount(`(created_at at time zone 'UTC')::date`, `${cube}, brand`)],
    [kept('summary_rollup_status', 'hour', 'status'), recount(`date_trunc('hour', created_at, 'UTC')`, 'status')],
  ];
  let differing = 0;
  for (const [a, b] of pairs) {
    const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ((${a} EXCEPT ${b}) UNION ALL (${b} EXCEPT ${a})) d`);
    differing += row?.n ?? 0;
  }
  return differing;
}
