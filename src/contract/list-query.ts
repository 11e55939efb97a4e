import { z } from 'zod/mini';
import { OrderDirection } from './enums.ts';
import { amountFilterPattern, createdAtBounds, parseAmountFilter, parseCreatedAtFilter, withinCreatedAtBounds } from './filters.ts';

/** Query values arrive as text; these parse them with messages that say what a valid value looks like. */
function wholeNumber(min: number, max: number, fallback: number, description: string) {
  const text = z.string().check(z.regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`));
  const number = z.number().check(z.int(), z.minimum(min, `must be ${min} or more`), z.maximum(max, `must be ${max} or less`));
  return z._default(z.optional(z.pipe(z.pipe(text, z.transform(Number)), number)), fallback).check(z.meta({ description, example: String(fallback) }));
}

export const maxPage = 1_000_000;
export const pageSizes = [20, 50, 100] as const;

/** The opaque keyset cursor of rel="next" / rel="prev" / rel="last" links: base64url, at most this long. */
export const maxCursorLength = 512;

export const listBaseQuery = {
  page: wholeNumber(1, maxPage, 1, 'Page number, from 1 (ignored when `cursor` is given)'),
  cursor: z
    .optional(
      z.string().check(
        z.maxLength(maxCursorLength, `must be at most ${maxCursorLength} characters`),
        z.regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor from a rel="next", rel="prev" or rel="last" link, unchanged'),
      ),
    )
    .check(
      z.meta({
        description:
          'Opaque position from a rel="next", rel="prev" or rel="last" Link of this list with the same filters and order: the page after (or before) ' +
          'it, or the last page, found by seeking the sort key instead of skipping rows, so every page costs the same however deep. Replaces `page`.',
      }),
    ),
  limit: wholeNumber(1, 100, 20, 'Items per page, 1 to 100'),
  order_direction: z._default(z.optional(OrderDirection), 'desc').check(z.meta({ description: 'asc or desc (default desc); ties are broken by id' })),
};

export const CreatedAtFilter = z.string().check(
  z.refine((v) => parseCreatedAtFilter(v) !== null, {
    message: 'must be YYYY-MM-DD, an ISO 8601 timestamp, or a range from..to of either (from before to)',
    abort: true,
  }),
  z.refine((v) => withinCreatedAtBounds(parseCreatedAtFilter(v) ?? { fromNs: null, toNs: null }), {
    message: `must lie from ${createdAtBounds.from} (inclusive) to ${createdAtBounds.to} (exclusive), UTC: the instants a nanosecond timestamp can hold`,
  }),
  z.meta({
    description:
      'YYYY-MM-DD (that UTC day), an ISO 8601 timestamp (that instant; no offset means UTC), or from..to of either: from inclusive, to exclusive, a date `to` includes its whole day; either side may be open. ' +
      `Instants from ${createdAtBounds.from} to ${createdAtBounds.to} (exclusive).`,
    example: '2026-11-01T00:00:00-03:00..2026-11-08T00:00:00-03:00',
  }),
);

export const AmountFilter = z.string().check(
  z.regex(amountFilterPattern, { message: 'must be a decimal such as 150.00, or a range min..max with either side open', abort: true }),
  z.refine((v) => parseAmountFilter(v) !== null, { message: 'must be a decimal such as 150.00, or a range min..max (min not above max)' }),
  z.meta({ description: 'A decimal (equal as a number) or an inclusive range min..max with either side open: 100.. or ..99.90', example: '100..250.50' }),
);

/**
 * One identifier pasted by a person: surrounding blanks are dropped, inner ones are not allowed. The rule of the summaries'
 * and events' `q`, written once: the API validates with it, the dashboard checks its search box and `q` filters with it.
 */
export const SearchQuery = z
  .string()
  .check(
    z.trim(),
    // a number read in groups (an RRN "2579 1245 1958") is one identifier: its spaces go
    z.overwrite((text) => (/^[\d\s]+$/.test(text) ? text.replace(/\s+/g, '') : text)),
    z.minLength(1, 'must not be empty'),
    z.maxLength(64, 'must be at most 64 characters'),
    z.regex(/^\S+$/, 'must be one identifier, without spaces'),
  );

export const MerchantFilter = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a merchant id: 1 to 64 letters, digits, "_" or "-"'), z.meta({ description: "extension: only this merchant's records" }));
