import { and, eq } from 'drizzle-orm';
import { linkHeader, totalCountHeader } from '../../contract/headers.ts';
import { minorToDecimal } from '../../contract/money.ts';
import { callerOf } from '../auth/authenticate.ts';
import { merchants } from '../db/schema.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import { decodeForwardCursor, encodeForwardCursor } from '../lists/keyset.ts';
import { sendCsv, wantsCsv } from '../lists/send-csv.ts';
import { merchantsText } from '../lists/scope.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { basisPoints, percentText, versionOn } from '../fee-plans/plan-rates.ts';
import { addDays, daysBetween, saoPauloDate } from './business-calendar.ts';
import { proratedRate } from './money.ts';
import { arrangements, calendar } from './calendar-query.ts';
import { countReceivables, findReceivables, margin, openUnits, positionOf, receivableOrder, receivablePrint, seesCost } from './query.ts';
import { receivableView } from './receivable-view.ts';
import { loadPlanBook } from './write-receivables.ts';

const tags = ['receivables'];

/** A range of due dates: from (default today, Brasília) to (default from + 90 days), at most 400 days long. */
function dueRange(q: { from?: string | undefined; to?: string | undefined }) {
  const today = saoPauloDate(new Date());
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, 90);
  if (to < from || daysBetween(from, to) > 400) throw badRequest('The range is not valid.', [{ parameter: 'to', detail: 'must be on or after from and at most 400 days after it' }]);
  return { today, from, to };
}
const csvColumns = ['id', 'summary_id', 'merchant_id', 'installment', 'installments', 'acquirer', 'brand', 'product', 'unit_key', 'gross', 'fee', 'net', 'due_date', 'original_due_date', 'status'] as const;

/** The receivables schedule under /v1/receivables (receivables:read; the margin with margin:read). */
export function receivablePlugin(app: ApiInstance, _options: unknown, done: () => void): void {
  const db = () => app.database.db;

  app.route({
    ...endpoint('listReceivables', {
      summary: 'List receivables in due date order (JSON pages with a cursor, or every match as CSV with Accept: text/csv)',
      tags,
    }),
    config: { auth: 'receivables:read' },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const q = request.query;
      const today = saoPauloDate(new Date());
      const withCost = seesCost(caller);
      const print = receivablePrint(q);
      const after = q.cursor === undefined ? null : decodeForwardCursor(q.cursor, receivableOrder, print);
      if (wantsCsv(request)) {
        const total = await countReceivables(db(), caller, q, today);
        async function* batches() {
          let at = after;
          for (;;) {
            const rows = await findReceivables(db(), caller, q, today, at, 2000);
            if (rows.length === 0) return;
            yield rows.map((row) => receivableView(row, today, withCost));
            const last = rows[rows.length - 1];
            if (!last || rows.length < 2000) return;
            at = positionOf(last);
          }
        }
        type Row = ReturnType<typeof receivableView>;
        const money = (v: string) => ({ minor: BigInt(v.replace('.', '')) });
        const values: Record<(typeof csvColumns)[number], (row: Row) => string | number | { minor: bigint } | null> = {
          id: (x) => x.id,
          summary_id: (x) => x.summaryId,
          merchant_id: (x) => x.merchantId,
          installment: (x) => x.installment,
          installments: (x) => x.installments,
          acquirer: (x) => x.acquirer,
          brand: (x) => x.brand,
          product: (x) => x.product,
          unit_key: (x) => x.unitKey,
          gross: (x) => money(x.gross),
          fee: (x) => money(x.fee),
          net: (x) => money(x.net),
          due_date: (x) => x.dueDate,
          original_due_date: (x) => x.originalDueDate,
          status: (x) => x.status,
        };
        return sendCsv(reply, { stem: 'receivables', ids: csvColumns, values, dialect: q.csv_dialect, total: { value: total, exact: true }, batches: batches() });
      }
      const [rows, total] = await Promise.all([findReceivables(db(), caller, q, today, after, q.limit + 1), countReceivables(db(), caller, q, today)]);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      const nextCursor = rows.length > q.limit && last ? encodeForwardCursor(positionOf(last), print) : null;
      void reply.header(totalCountHeader, String(total));
      if (nextCursor) {
        const url = new URL(request.url, 'http://x');
        url.searchParams.set('cursor', nextCursor);
        void reply.header(linkHeader, `<${url.pathname}${url.search}>; rel="next"`);
      }
      return { data: page.map((row) => receivableView(row, today, withCost)), nextCursor };
    },
  });

  app.route({
    ...endpoint('getReceivablesCalendar', {
      summary: 'Receivables totals per day or per unit (UR) for a range of due dates (default the next 90 days), with this month, next month, settled and overdue',
      tags,
    }),
    config: { auth: 'receivables:read' },
    handler: async (request) => {
      const { today, from, to } = dueRange(request.query);
      return calendar(db(), callerOf(request), { ...request.query, from, to }, today);
    },
  });

  app.route({
    ...endpoint('getReceivablesArrangements', {
      summary: 'Receivables totals per arrangement (brand and product) and acquirer for a range of due dates (default the next 90 days), with how many units (UR) each holds',
      tags,
    }),
    config: { auth: 'receivables:read' },
    handler: async (request) => {
      const { today, from, to } = dueRange(request.query);
      return arrangements(db(), callerOf(request), { ...request.query, from, to }, today);
    },
  });

  app.route({
    ...endpoint('getReceivablesMargin', {
      summary: 'The platform’s margin: price fees − acquirers’ cost fees per acquirer, merchant or month of the due date',
      tags,
    }),
    config: { auth: 'margin:read' },
    handler: async (request) => {
      const caller = callerOf(request);
      if (caller.merchantIds !== null) throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: 'The margin is the platform’s own: a merchant token or operator cannot read it.' });
      const today = saoPauloDate(new Date());
      const from = request.query.from ?? `${today.slice(0, 4)}-01-01`;
      const to = request.query.to ?? addDays(today, 400);
      if (to < from) throw badRequest('The range is not valid.', [{ parameter: 'to', detail: 'must be on or after from' }]);
      return { from, to, groupBy: request.query.group_by, data: await margin(db(), caller, from, to, request.query.group_by) };
    },
  });

  app.route({
    ...endpoint('simulateAnticipation', {
      summary: 'Simulate anticipating open units: what the merchant would receive today at its plan’s monthly rate, prorated by days (nothing is booked)',
      tags,
    }),
    config: { auth: 'receivables:read' },
    handler: async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const own = caller.merchantIds;
      const merchantId = body.merchantId ?? (own?.length === 1 ? own[0] : undefined);
      if (merchantId === undefined) {
        throw badRequest('Name the merchant whose receivables to anticipate.', [{ pointer: '/merchantId', detail: own === null ? 'is required for an organization token' : 'is required when acting for several merchants' }]);
      }
      if (own !== null && !own.includes(merchantId)) {
        throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: `A merchant token or operator simulates for its own merchants only (${merchantsText(own)}).` });
      }
      const [merchant] = await db().select({ id: merchants.id }).from(merchants).where(and(eq(merchants.id, merchantId), eq(merchants.organizationId, caller.organizationId)));
      if (!merchant) throw new ApiProblem({ status: 422, detail: `No merchant ${merchantId} in this organization.`, errors: [{ pointer: '/merchantId', detail: 'names no merchant of this organization' }] });
      const today = saoPauloDate(new Date());
      const plans = await loadPlanBook(db(), [caller.organizationId]);
      const price = plans.plansOf(merchantId, '').price;
      const version = price ? versionOn(price.versions, today) : undefined;
      const bps = version ? basisPoints(version.rates.anticipationMonthly) : 0;
      const wanted = body.dueDates ? new Set(body.dueDates) : null;
      const acquirers = body.acquirers ? new Set<string>(body.acquirers) : null;
      const units = (await openUnits(db(), caller.organizationId, merchantId, today))
        .filter((u) => (!wanted || wanted.has(u.dueDate)) && (!acquirers || acquirers.has(u.acquirer)))
        .map((u) => {
          const net = BigInt(u.net);
          const days = daysBetween(today, u.dueDate);
          const fee = net > 0n ? proratedRate(net, bps, days) : 0n;
          return { dueDate: u.dueDate, acquirer: u.acquirer, brand: u.brand, product: u.product, days, net, fee };
        });
      const sum = (f: (u: (typeof units)[number]) => bigint) => units.reduce((a, u) => a + f(u), 0n);
      return {
        merchantId,
        date: today,
        monthlyRate: percentText(bps),
        units: units.map((u) => ({ dueDate: u.dueDate, acquirer: u.acquirer, brand: u.brand, product: u.product, days: u.days, net: minorToDecimal(u.net), anticipationFee: minorToDecimal(u.fee), receivedToday: minorToDecimal(u.net - u.fee) })),
        net: minorToDecimal(sum((u) => u.net)),
        anticipationFee: minorToDecimal(sum((u) => u.fee)),
        receivedToday: minorToDecimal(sum((u) => u.net - u.fee)),
      };
    },
  });
  done();
}
