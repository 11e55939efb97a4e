import type { CycleStatus, CycleType, PaymentMethod, SummaryStatus } from '../../contract/enums.ts';
import type { Rng } from './prng.ts';

/** One step of a transaction's life, before codes, times and devices are filled in. */
export interface Step {
  type: CycleType;
  status: CycleStatus;
  amountMinor: number;
  /** milliseconds after the previous step */
  delayMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pixStatusWeights = [['approved', 82], ['pending', 7], ['canceled', 5], ['refunded', 6]] as const;
const cardStatusWeights = [['approved', 64], ['denied', 13], ['refunded', 7], ['canceled', 8], ['pending', 8]] as const;
const refundKinds = [['full', 70], ['partial', 20], ['split', 10]] as const;
const cancelKinds = [['void', 45], ['reversal', 20], ['captured_void', 25], ['pre_void', 10]] as const;

function step(type: CycleType, status: CycleStatus, amountMinor: number, delayMs: number): Step {
  return { type, status, amountMinor, delayMs };
}

export function pickStatus(rng: Rng, method: PaymentMethod): SummaryStatus {
  if (method === 'pix') return rng.weighted(pixStatusWeights);
  return rng.weighted(cardStatusWeights);
}

/**
 * The cycles of a summary with the given status, coherent by construction:
 * approved = authorization (or pre-authorization) + capture; refunded adds refunds that never exceed the
 * capture; canceled = authorization + void or reversal; pending awaits capture or a response;
 * denied = one denied authorization.
 */
export function buildStory(rng: Rng, method: PaymentMethod, status: SummaryStatus, amount: number): Step[] {
  const credit = method === 'credit_card';
  const captureDelay = (pre: boolean) => (pre ? rng.int(HOUR, 5 * DAY) : rng.int(800, 8 * SECOND));
  if (method === 'pix') {
    switch (status) {
      case 'pending':
        return [step('authorization', 'pending', amount, 0)];
      case 'canceled':
        return [step('authorization', 'pending', amount, 0), step('void', 'approved', amount, rng.int(10 * MINUTE, DAY))];
      case 'refunded':
        return [
          step('authorization', 'approved', amount, 0),
          step('capture', 'approved', amount, rng.int(5 * SECOND, 3 * MINUTE)),
          step('refund', 'approved', amount, rng.int(HOUR, 10 * DAY)),
        ];
      default:
        return [step('authorization', 'approved', amount, 0), step('capture', 'approved', amount, rng.int(5 * SECOND, 3 * MINUTE))];
    }
  }
  const pre = credit && rng.chance(0.14);
  const auth: CycleType = pre ? 'pre_authorization' : 'authorization';
  switch (status) {
    case 'approved': {
      const steps = [step(auth, 'approved', amount, 0), step('capture', 'approved', amount, captureDelay(pre))];
      if (rng.chance(0.05)) steps.push(step('refund', 'pending', amount, rng.int(HOUR, 3 * DAY)));
      return steps;
    }
    case 'partially_refunded':
    case 'refunded': {
      const steps = [step(auth, 'approved', amount, 0), step('capture', 'approved', amount, captureDelay(pre))];
      const kind = rng.weighted(refundKinds);
      if (kind === 'full' || amount < 200) {
        steps.push(step('refund', 'approved', amount, rng.int(HOUR, 20 * DAY)));
      } else {
        const first = Math.max(1, Math.min(amount - 1, Math.round(amount * (0.2 + rng.next() * 0.6))));
        steps.push(step('refund', 'approved', first, rng.int(HOUR, 10 * DAY)));
        if (kind === 'split') {
          const rest = amount - first;
          const second = rng.chance(0.5) ? rest : Math.max(1, Math.round(rest * rng.next()));
          steps.push(step('refund', 'approved', second, rng.int(HOUR, 10 * DAY)));
        }
      }
      return steps;
    }
    case 'canceled': {
      const kind = rng.weighted(cancelKinds);
      if (kind === 'reversal') return [step('authorization', 'approved', amount, 0), step('reversal', 'approved', amount, rng.int(20 * SECOND, 90 * SECOND))];
      if (kind === 'captured_void') {
        return [
          step('authorization', 'approved', amount, 0),
          step('capture', 'approved', amount, captureDelay(false)),
          step('void', 'approved', amount, rng.int(MINUTE, 6 * HOUR)),
        ];
      }
      return [step(kind === 'pre_void' && credit ? 'pre_authorization' : 'authorization', 'approved', amount, 0), step('void', 'approved', amount, rng.int(MINUTE, 4 * HOUR))];
    }
    case 'pending': {
      if (pre) return [step('pre_authorization', 'approved', amount, 0)];
      return [step('authorization', rng.chance(0.5) ? 'approved' : 'pending', amount, 0)];
    }
    case 'denied':
      return [step(auth, 'denied', amount, 0)];
  }
}
