import { z } from 'zod/mini';

/** XID: 20 characters of base32hex (0-9a-v), sortable by creation time. */
export const xidPattern = /^[0-9a-v]{20}$/;
export const Xid = z.string().check(z.regex(xidPattern, 'must be a 20-character XID (0-9a-v)'));

/** ISO 8601 timestamp text as the API returns it. */
export const Timestamp = z.string().check(z.meta({ format: 'date-time', example: '2026-11-21T13:45:12.123Z' }));
