import { sweepIdempotencyKeys } from '../credentials/idempotency.ts';
import type { ApiInstance } from './api-instance.ts';

/** How often expired Idempotency-Key records are deleted (also once at start). */
export const sweepIntervalMs = 60 * 60 * 1000;

/** Sweeps expired Idempotency-Key records when the server starts listening and hourly after; never fatal. */
export function registerIdempotencySweep(app: ApiInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    sweepIdempotencyKeys(app.database.db, app.idempotencyTtlHours).then(
      (n) => n > 0 && app.log.info({ swept: n }, 'expired Idempotency-Key records deleted'),
      (error: unknown) => app.log.warn({ err: error }, 'Idempotency-Key sweep failed; will retry'),
    );
  app.addHook('onListen', () => {
    void sweep();
    timer = setInterval(() => void sweep(), sweepIntervalMs).unref();
  });
  app.addHook('onClose', () => clearInterval(timer));
}
