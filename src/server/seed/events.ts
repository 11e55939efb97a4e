import type { EventCardData } from '../../contract/events.ts';
import type { GeneratedCard } from './card.ts';
import { aidByBrand } from './cards.ts';
import type { MerchantProfile, Terminal } from './merchants.ts';
import { metadataSamples } from './places.ts';
import type { Rng } from './prng.ts';
import type { CycleRow, EventRow, SummaryRow } from './rows.ts';
import { xid } from './xid.ts';
import { seededNotificationBody } from './notification-body.ts';

export interface EventInput {
  /** what the events take of the generator's context (generate.ts): its "now" and its id namespace */
  ctx: { anchorMs: number; namespace: number };
  counter: number;
  merchant: MerchantProfile;
  terminal: Terminal;
  summary: SummaryRow;
  cycles: readonly CycleRow[];
  card: GeneratedCard | null;
  installmentInterest: boolean | null;
}

const NS_PER_MS = 1_000_000n;
const NS_PER_S = 1_000_000_000n;
/** createdAt precision: nanoseconds, milliseconds or whole seconds */
const precisionWeights = [[9, 35], [3, 45], [0, 20]] as const;
const eventStatusWeights = [['processed', 84], ['pending', 9], ['failed', 7]] as const;

/** ISO text of an epoch-nanosecond instant with 9, 3 or 0 fraction digits (truncated), and that text's instant. */
export function formatInstant(ns: bigint, digits: 0 | 3 | 9): { text: string; ns: bigint } {
  const seconds = ns / NS_PER_S;
  const fraction = ns % NS_PER_S;
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  if (digits === 0) return { text: `${base}Z`, ns: seconds * NS_PER_S };
  const fracText = fraction.toString().padStart(9, '0').slice(0, digits);
  const kept = BigInt(fracText.padEnd(9, '0'));
  return { text: `${base}.${fracText}Z`, ns: seconds * NS_PER_S + kept };
}

function metadataFor(rng: Rng, summary: SummaryRow): EventRow['metadata'] {
  if (rng.chance(0.3)) return {};
  const meta: EventRow['metadata'] = { channel: rng.pick(metadataSamples.channels) };
  if (rng.chance(0.6)) meta.orderId = `PED-${rng.digits(7)}`;
  if (rng.chance(0.4)) meta.storeCode = rng.pick(metadataSamples.stores);
  if (rng.chance(0.3)) meta.batchNumber = rng.int(1, 999);
  if (rng.chance(0.3)) meta.tipIncluded = rng.chance(0.2);
  if (rng.chance(0.2)) meta.operator = rng.chance(0.8) ? rng.pick(metadataSamples.operators) : null;
  if (rng.chance(0.15)) meta.customerDocumentPresent = summary.paymentMethod !== 'pix';
  return meta;
}

/**
 * Seeded events are history imported with their summaries (the seed writes the summary and its cycles
 * itself, not by processing the events): a processed one was processed once, when it was last updated; a
 * failed one failed once because its terminal was not connected yet (a retry processes it now that the demo
 * connections exist: its step is already on the summary, so no cycle is added); a pending one was never
 * scheduled (nextAttemptAt null), so the worker leaves it alone until someone retries it.
 */
function historicalProcessing(status: string, updatedText: string, summaryId: string, mid: string, tid: string, acquirer: string) {
  if (status === 'processed') return { failureReason: null, failureDetail: null, attempts: 1, processedAt: updatedText, summaryId };
  if (status === 'failed') {
    const detail = `No enabled connection had MID ${mid} and TID ${tid} at ${acquirer} when this notification arrived.`;
    return { failureReason: 'unknown_terminal', failureDetail: detail, attempts: 1, processedAt: null, summaryId: null };
  }
  return { failureReason: null, failureDetail: null, attempts: 0, processedAt: null, summaryId: null };
}

/**
 * Webhook events (payment.completed) for a sale: mostly one (its latest non-refund step), some none,
 * some two (the first step and the latest). Events never describe refunds (not an event transaction type).
 */
export function buildEvents(rng: Rng, input: EventInput): EventRow[] {
  const { ctx, counter, merchant, terminal, summary, cycles, card } = input;
  const eligible = cycles.filter((c) => c.type !== 'refund');
  const roll = rng.next();
  const last = eligible[eligible.length - 1];
  if (roll < 0.08 || !last) return [];
  const first = eligible[0];
  const picked = roll > 0.82 && first && first !== last ? [first, last] : [last];
  const mid = summary.acquirerMerchantId ?? '000000000';
  const tid = summary.acquirerTerminalId ?? '00000000';
  const gpsMissing = rng.chance(0.05);
  const cardData: EventCardData | null = card
    ? {
        captureMethod: card.captureMethod,
        holderName: card.captureMethod === 'contactless' && rng.chance(0.5) ? null : card.holderName,
        cardBrand: rng.chance(0.01) ? null : card.brand,
        bin: card.bin,
        last4: card.last4,
      }
    : null;
  const emv = card !== null && (card.captureMethod === 'chip' || card.captureMethod === 'contactless');
  const productAid = emv ? aidByBrand[card.brand][summary.paymentMethod === 'debit_card' ? 'debit' : 'credit'] : null;
  const anchorNs = BigInt(ctx.anchorMs) * NS_PER_MS;
  return picked.map((cycle, n): EventRow => {
    const cycleNs = BigInt(cycle.createdAtMs) * NS_PER_MS;
    let createdNs = cycleNs + BigInt(rng.int(30, 2500)) * NS_PER_MS + BigInt(rng.int(0, 999_999));
    if (createdNs > anchorNs) createdNs = cycleNs + (anchorNs - cycleNs) / 2n;
    const precision = rng.weighted(precisionWeights);
    const created = formatInstant(createdNs, precision);
    const eventStatus = rng.weighted(eventStatusWeights);
    const updated = eventStatus === 'pending' ? created : formatInstant(created.ns + BigInt(rng.int(100, 30_000)) * NS_PER_MS, 3);
    const approved = cycle.status === 'approved';
    const fields = {
      eventId: xid(Number(created.ns / NS_PER_S), ctx.namespace, counter + 5 + n),
      id: summary.id,
      merchantId: merchant.id,
      createdAtNs: created.ns,
      createdAtText: created.text,
      updatedAtText: updated.text,
      terminalId: terminal.id,
      eventStatus,
      eventType: 'payment.completed',
      acquirerName: summary.acquirer,
      transactionType: cycle.type,
      transactionStatus: cycle.status,
      terminalSerialNumber: terminal.serialNumber,
      merchantTaxId: merchant.taxId,
      acquirerMerchantIdentifier: mid,
      acquirerTerminalIdentifier: tid,
      currency: summary.currency,
      amount: cycle.amountMinor,
      paymentMethod: summary.paymentMethod,
      installments: summary.installments > 1 ? summary.installments : null,
      installmentInterest: summary.installments > 1 ? input.installmentInterest : null,
      authorizationCode: approved ? cycle.authorizationCode : null,
      productAid,
      retrievalReferenceNumber: summary.acquirer === 'pagseguro' || rng.chance(0.05) ? null : cycle.retrievalReferenceNumber,
      acquirerResponseCode: rng.chance(0.05) ? null : cycle.responseCode,
      cardData,
      terminalData: {
        navigationMethod: terminal.navigationMethod,
        networkSsid: terminal.networkSsid,
        simSerialNumber: terminal.simSerialNumber,
        simApnData: terminal.simApnData,
        ipAddress: terminal.ipAddress,
        latitude: gpsMissing ? null : terminal.latitude,
        longitude: gpsMissing ? null : terminal.longitude,
      },
      metadata: metadataFor(rng, summary),
      ...historicalProcessing(eventStatus, updated.text, summary.id, mid, tid, summary.acquirer),
    };
    return { ...fields, rawBody: seededNotificationBody(fields, card, cycle) };
  });
}
