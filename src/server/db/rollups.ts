/**
 * The stats rollups (migration 0007) as one set-based statement over any table or query of summary rows: the
 * same grouping the rollup triggers apply per statement. Used where the triggers do not run: a bulk load
 * (session_replication_role = replica skips them, see seed/loader.ts) adds its rows once at the end, and
 * partition retention subtracts the rows of a month it detaches (sign -1).
 */
const cubes = [
  { table: 'summary_rollup', time: `date_trunc('hour', x.t, 'UTC')`, timeColumn: 'hour', dims: ['status', 'acquirer', 'payment_method', 'card_brand'] },
  { table: 'summary_rollup_daily', time: `(x.t at time zone 'UTC')::date`, timeColumn: 'day', dims: ['status', 'acquirer', 'payment_method', 'card_brand'] },
  { table: 'summary_rollup_status', time: `date_trunc('hour', x.t, 'UTC')`, timeColumn: 'hour', dims: ['status'] },
] as const;

/** The amounts every rollup sums (migration 0012 added what was captured and refunded). */
export const rollupSums = ['amount_minor', 'captured_minor', 'refunded_minor'] as const;
const sums = rollupSums;

/** `source`: a table name or a parenthesised query with the summaries' columns; `sign` 1 adds, -1 subtracts. */
export function rollupDeltaSql(source: string, sign: 1 | -1): string {
  const parts = cubes.map(({ table, time, timeColumn, dims }, i) => {
    const keys = ['organization_id', 'merchant_id', timeColumn, ...dims];
    const groups = keys.map((_k, n) => n + 1).join(', ');
    return `r${i} AS (
    INSERT INTO ${table} AS r (${keys.join(', ')}, count, ${sums.join(', ')})
    SELECT x.organization_id, x.m, ${time}, ${dims.map((d) => `x.${d}`).join(', ')}, sum_int8(x.sign), ${sums.map((c) => `sum_int8(x.sign * x.${c})`).join(', ')}
      FROM x GROUP BY ${groups} ORDER BY ${groups}
    ON CONFLICT ON CONSTRAINT ${table}_pk
    DO UPDATE SET count = r.count + excluded.count, ${sums.map((c) => `${c} = r.${c} + excluded.${c}`).join(', ')})`;
  });
  return `WITH delta AS (
    SELECT organization_id, merchant_id, created_at AS t, status, acquirer, payment_method, coalesce(card_brand, '') AS card_brand, ${sums.join(', ')}, (${sign})::bigint AS sign
      FROM ${source} AS s),
  x AS (SELECT d.*, m.id AS m FROM delta d CROSS JOIN LATERAL (VALUES (d.merchant_id), ('*')) AS m(id)),
  ${parts.join(',\n  ')}
  SELECT 1`;
}
