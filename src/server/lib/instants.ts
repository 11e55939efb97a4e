/**
 * PostgreSQL timestamps hold microseconds; filter bounds arrive in nanoseconds. A row at microsecond u
 * satisfies `u*1000 >= fromNs` exactly when `u >= ceil(fromNs/1000)`, and `u*1000 < toNs` exactly when
 * `u < ceil(toNs/1000)`; both bounds therefore round up to the next microsecond.
 */
export function ceilMicros(ns: bigint): bigint {
  const q = ns / 1000n;
  return ns > q * 1000n ? q + 1n : q;
}

/** ISO 8601 text with 6 fraction digits, for a `::timestamptz` parameter. */
export function microsToIso(micros: bigint): string {
  const floorMs = micros >= 0n ? micros / 1000n : -((-micros + 999n) / 1000n);
  const rest = micros - floorMs * 1000n;
  const iso = new Date(Number(floorMs)).toISOString();
  return `${iso.slice(0, -1)}${rest.toString().padStart(3, '0')}Z`;
}
