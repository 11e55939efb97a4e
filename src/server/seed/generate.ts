import type { PaymentMethod, ProviderName } from '../../contract/enums.ts';
import { abecsDeclines, approvalMessages } from './abecs.ts';
import { generateCard, pickAmount, pickInstallments } from './card.ts';
import { pixIspbs } from './cards.ts';
import { buildEvents } from './events.ts';
import type { MerchantProfile } from './merchants.ts';
import { hash128, Rng } from './prng.ts';
import type { CycleRow, GeneratedChunk, GeneratedSale, SummaryRow } from './rows.ts';
import { buildStory, pickStatus } from './story.ts';
import { pickSaleTime } from './time.ts';
import { namespaceOf, xid } from './xid.ts';

export interface GeneratorContext {
  seed: number;
  organizationId: string;
  /** "now" of the data: no row is later than this instant */
  anchorMs: number;
  merchants: readonly MerchantProfile[];
  base: [number, number, number, number];
  namespace: number;
}

export function generatorContext(seed: number, organizationId: string, anchorMs: number, merchants: readonly MerchantProfile[]): GeneratorContext {
  if (merchants.length === 0) throw new Error('at least one merchant is needed to generate sales');
  return { seed, organizationId, anchorMs, merchants, base: hash128(`sales|${seed}|${organizationId}`), namespace: namespaceOf('sales', seed, organizationId) };
}

/** Counter slots inside one sale's block of 8 ids: 0 summary, 1-4 cycles, 5-6 events. */
export const ID_SLOTS = 8;

const methodWeights = [['credit_card', 52], ['debit_card', 30], ['pix', 18]] as const;
const declineWeights = abecsDeclines.map((d) => [d, d.weight] as const);

function pixEndToEndId(rng: Rng, prefix: 'E' | 'D', ms: number): string {
  const stamp = new Date(ms).toISOString().replace(/[-T:]/g, '').slice(0, 12);
  return `${prefix}${rng.pick(pixIspbs)}${stamp}${rng.alnumUpper(11)}`;
}

/** Sale number `index` of this context: the same index always gives the same sale. */
export function generateSale(ctx: GeneratorContext, index: number): GeneratedSale {
  const rng = Rng.forIndex(ctx.base, index);
  const merchant = ctx.merchants[Math.floor(rng.next() ** 1.4 * ctx.merchants.length)] as MerchantProfile;
  const terminal = rng.pick(merchant.terminals);
  const acquirer: ProviderName = merchant.acquirers[Math.floor(rng.next() ** 1.6 * merchant.acquirers.length)] ?? 'cielo';
  const method: PaymentMethod = rng.weighted(methodWeights);
  const status = pickStatus(rng, method);
  const createdAtMs = pickSaleTime(rng, ctx.anchorMs);
  const amount = pickAmount(rng);
  const installments = pickInstallments(rng, method, amount);
  const decline = status === 'denied' ? rng.weighted(declineWeights) : null;
  const card = method === 'pix' ? null : generateCard(rng, method, createdAtMs, decline?.code === '54');
  const counter = index * ID_SLOTS;
  const summaryId = xid(createdAtMs / 1000, ctx.namespace, counter);
  const summary: SummaryRow = {
    id: summaryId,
    merchantId: merchant.id,
    createdAtMs,
    acquirer,
    paymentMethod: method,
    status,
    amountMinor: amount,
    currency: 'BRL',
    installments,
    gatewayTransactionId: rng.uuid(),
    cardBrand: card?.brand ?? null,
    cardFirstDigits: card?.bin ?? null,
    cardLastDigits: card?.last4 ?? null,
    cardHolderName: card?.holderName ?? null,
    cardExpirationMonth: card?.expirationMonth ?? null,
    cardExpirationYear: card?.expirationYear ?? null,
    acquirerMerchantId: merchant.mids[acquirer] ?? null,
    acquirerTerminalId: terminal.tids[acquirer] ?? null,
    capturedMinor: 0,
    refundedMinor: 0,
  };
  const authorizationCode = rng.alnumUpper(6);
  const deviceMissing = rng.chance(0.04);
  const cycles: CycleRow[] = [];
  let at = createdAtMs;
  buildStory(rng, method, status, amount).forEach((step, seq) => {
    // a step that would land after "now" happened somewhere between the previous step and now
    at = at + step.delayMs <= ctx.anchorMs ? at + step.delayMs : at + Math.floor(rng.next() * (ctx.anchorMs - at));
    const approved = step.status === 'approved';
    const denied = step.status === 'denied';
    const isCard = card !== null;
    cycles.push({
      id: xid(at / 1000, ctx.namespace, counter + 1 + seq),
      summaryId,
      seq,
      createdAtMs: at,
      type: step.type,
      status: step.status,
      amountMinor: step.amountMinor,
      authorizationCode: approved && isCard ? authorizationCode : null,
      responseCode: approved ? '00' : denied ? (decline?.code ?? '05') : null,
      responseMessage: approved ? approvalMessages[step.type] : denied ? (decline?.message ?? 'Transação não autorizada') : null,
      retrievalReferenceNumber: isCard && step.status !== 'pending' ? rng.digits(12) : null,
      // a terminal's 6-digit trace counter; terminals here stay under 10 000 sales, so, as in real data, the same
      // STAN (the receipt's NSU) recurs across terminals and a search by it alone can find several sales
      systemTraceAuditNumber: isCard ? String(Number(rng.digits(6)) % 10_000).padStart(6, '0') : null,
      gatewayTransactionId: isCard ? rng.uuid() : pixEndToEndId(rng, step.type === 'refund' ? 'D' : 'E', at),
      deviceFingerprintId: deviceMissing ? null : terminal.fingerprintId,
      deviceIpAddress: deviceMissing ? null : terminal.ipAddress,
      deviceLatitude: deviceMissing ? null : terminal.latitude,
      deviceLongitude: deviceMissing ? null : terminal.longitude,
    });
  });
  // what was captured and refunded, from the approved cycles; refunds short of the capture leave it partially refunded
  const approvedSum = (type: string) => cycles.reduce((t, c) => (c.type === type && c.status === 'approved' ? t + c.amountMinor : t), 0);
  summary.capturedMinor = approvedSum('capture');
  summary.refundedMinor = approvedSum('refund');
  if (status === 'refunded' && summary.refundedMinor < summary.capturedMinor) summary.status = 'partially_refunded';
  const events = buildEvents(rng, { ctx, counter, merchant, terminal, summary, cycles, card, installmentInterest: installments > 1 ? rng.chance(0.35) : null });
  return { summary, cycles, events };
}

/** Sales [start, start + count) in chunks, so that a million never sit in memory at once. */
export function* generateChunks(ctx: GeneratorContext, start: number, count: number, chunkSize = 5000): Generator<GeneratedChunk> {
  for (let offset = 0; offset < count; offset += chunkSize) {
    const chunk: GeneratedChunk = { summaries: [], cycles: [], events: [] };
    const end = Math.min(count, offset + chunkSize);
    for (let i = offset; i < end; i++) {
      const sale = generateSale(ctx, start + i);
      chunk.summaries.push(sale.summary);
      for (const c of sale.cycles) chunk.cycles.push(c);
      for (const e of sale.events) chunk.events.push(e);
    }
    yield chunk;
  }
}
