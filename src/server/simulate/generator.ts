import type { NotificationInput } from '../../contract/notifications.ts';
import { abecsDeclines } from '../seed/abecs.ts';
import { aidByBrand, binsByBrand, creditBrandWeights, debitBrandWeights, firstNames, lastNames } from '../seed/cards.ts';
import { merchantProfile, type MerchantRecord } from '../seed/merchants.ts';
import { hash128, Rng } from '../seed/prng.ts';

/** One terminal of the organization at one acquirer: what its notifications carry. */
export interface SimTerminal {
  acquirer: NotificationInput['acquirerName'];
  mid: string;
  tid: string;
  terminalId: string;
  serialNumber: string;
  merchantTaxId: string;
  terminalData: NonNullable<NotificationInput['terminalData']>;
}

/** The terminals of merchants created by the seed: the same MID/TID their connections hold. */
export function terminalsOf(merchants: readonly MerchantRecord[]): SimTerminal[] {
  return merchants.flatMap((merchant) => {
    const profile = merchantProfile(merchant);
    return profile.terminals.flatMap((t) =>
      profile.acquirers.map((acquirer) => ({
        acquirer,
        mid: profile.mids[acquirer] ?? '',
        tid: t.tids[acquirer] ?? '',
        terminalId: t.id,
        serialNumber: t.serialNumber,
        merchantTaxId: merchant.taxId,
        terminalData: { navigationMethod: t.navigationMethod, networkSsid: t.networkSsid, simSerialNumber: t.simSerialNumber, simApnData: t.simApnData, ipAddress: t.ipAddress, latitude: t.latitude, longitude: t.longitude },
      })),
    );
  });
}

/** What a scenario is meant to end as, so a run (or a test) can check the platform's verdicts. */
export type Intent = 'processed' | 'duplicate' | 'unknown_terminal' | 'amount_mismatch' | 'merchant_mismatch' | 'authorization_missing';

export interface SimNotification {
  body: NotificationInput;
  intent: Intent;
}

const scenarios = [
  ['approval', 34], ['pre_authorization', 8], ['decline', 14], ['refund', 8], ['out_of_order', 8], ['void', 4], ['pix', 10],
  ['duplicate', 6], ['unknown_terminal', 2], ['amount_mismatch', 2], ['merchant_mismatch', 2], ['orphan_capture', 2],
] as const;

type Step = { type: NotificationInput['transactionType']; status: NotificationInput['transactionStatus']; amount?: number; code?: string };

/**
 * An endless, seeded stream of notifications for the given terminals: approvals, declines with real ABECS
 * codes, captures, refunds, voids, pix, out-of-order pairs (capture first), duplicates, and a few that must
 * fail. Each sale's steps come out consecutively (out-of-order ones reversed).
 */
export class NotificationGenerator {
  private readonly rng: Rng;
  private readonly queue: SimNotification[] = [];
  private readonly recent: SimNotification[] = [];
  private sale = 0;
  private event = 0;

  constructor(
    private readonly terminals: readonly SimTerminal[],
    private readonly runId: string,
    seed = 1,
  ) {
    if (terminals.length === 0) throw new Error('no terminals to simulate');
    this.rng = new Rng(hash128(`simulate|${runId}|${seed}`));
  }

  next(): SimNotification {
    while (this.queue.length === 0) this.fill();
    const item = this.queue.shift() as SimNotification;
    if (item.intent !== 'duplicate') {
      this.recent.push(item);
      if (this.recent.length > 50) this.recent.shift();
    }
    return item;
  }

  private fill(): void {
    const kind = this.rng.weighted(scenarios);
    const rng = this.rng;
    if (kind === 'duplicate') {
      const earlier = this.recent.length > 0 ? rng.pick(this.recent) : null;
      if (earlier) this.queue.push({ body: earlier.body, intent: 'duplicate' });
      return;
    }
    const amount = rng.int(500, 150_000);
    const txn = `${this.runId}t${(this.sale++).toString(36)}`;
    const emit = (steps: Step[], intent: Intent, patch: Partial<NotificationInput> = {}, pix = false) => {
      const terminal = rng.pick(this.terminals);
      const debit = !pix && rng.chance(0.35);
      const brand = rng.weighted(debit ? debitBrandWeights : creditBrandWeights);
      const card = pix
        ? null
        : { captureMethod: rng.pick(['chip', 'contactless'] as const), holderName: `${rng.pick(firstNames)} ${rng.pick(lastNames)}`.toUpperCase(), cardBrand: brand, bin: rng.pick(binsByBrand[brand]), last4: rng.digits(4), expirationMonth: rng.int(1, 12), expirationYear: new Date().getUTCFullYear() + rng.int(1, 5) };
      for (const step of steps) {
        const approved = step.status === 'approved';
        this.queue.push({
          intent,
          body: {
            eventId: `${this.runId}e${(this.event++).toString(36)}`,
            id: txn,
            createdAt: `${new Date().toISOString().slice(0, 23)}${rng.digits(6)}Z`,
            eventType: 'payment.completed',
            acquirerName: terminal.acquirer,
            transactionType: step.type,
            transactionStatus: step.status,
            terminalId: terminal.terminalId,
            terminalSerialNumber: terminal.serialNumber,
            merchantTaxId: terminal.merchantTaxId,
            acquirerMerchantIdentifier: terminal.mid,
            acquirerTerminalIdentifier: terminal.tid,
            currency: 'BRL',
            amount: step.amount ?? amount,
            paymentMethod: pix ? 'pix' : debit ? 'debit_card' : 'credit_card',
            authorizationCode: approved ? rng.digits(6) : null,
            productAid: card ? aidByBrand[brand][debit ? 'debit' : 'credit'] : null,
            retrievalReferenceNumber: rng.digits(12),
            acquirerResponseCode: step.code ?? (approved ? '00' : null),
            cardData: card,
            terminalData: terminal.terminalData,
            metadata: { channel: 'pos', simulated: true },
            ...patch,
          },
        });
      }
    };
    const approved = (type: Step['type'], extra: Partial<Step> = {}): Step => ({ type, status: 'approved', code: '00', ...extra });
    switch (kind) {
      case 'approval': return emit([approved('authorization'), approved('capture')], 'processed');
      case 'pre_authorization': return emit([approved('pre_authorization'), approved('capture')], 'processed');
      case 'decline': return emit([{ type: 'authorization', status: 'denied', code: rng.weighted(abecsDeclines.filter((d) => !d.pinOrDebit).map((d) => [d.code, d.weight] as const)) }], 'processed');
      case 'refund': return emit([approved('authorization'), approved('capture'), approved('refund', { amount: rng.chance(0.5) ? amount : Math.ceil(amount / 2) })], 'processed');
      case 'out_of_order': return emit([approved('capture'), approved('authorization')], 'processed');
      case 'void': return emit([approved('authorization'), approved('void')], 'processed');
      case 'pix': return emit([approved('authorization'), approved('capture')], 'processed', {}, true);
      case 'unknown_terminal': return emit([approved('authorization')], 'unknown_terminal', { acquirerTerminalIdentifier: `X${rng.digits(7)}` });
      case 'amount_mismatch': return emit([approved('authorization'), approved('capture', { amount: amount + rng.int(100, 5000) })], 'amount_mismatch');
      case 'merchant_mismatch': return emit([approved('authorization')], 'merchant_mismatch', { merchantTaxId: rng.digits(14) });
      case 'orphan_capture': return emit([approved('capture')], 'authorization_missing');
    }
  }
}
