import type { SigningSecretCache } from '../notifications/signing-secrets.ts';
import type { ChangeBus } from './change-bus.ts';

/** What ingestion, processing and the live stream share inside one server process. */
export interface LiveState {
  changes: ChangeBus;
  secrets: SigningSecretCache;
  /** nudges the in-process worker (a no-op when the server runs none) */
  wakeWorker: () => void;
  /** aborted when the server closes: open streams end so shutdown never waits on them */
  closing: AbortSignal;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveState;
  }
}
