import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditTargetType } from '../../contract/audit.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { outcomeOf, recordAudit, requestActor, type AuditActor } from './record.ts';

/**
 * `audit` on a route's config: every answer of that route is recorded, the refused ones too (401/403 as denied,
 * other errors as failure). `param` names the path parameter holding the target's id (default `id`); a 201
 * without one takes the `id` of the created resource. `exportsOnly`: only its CSV exports are recorded, when the
 * stream has ended, with the filters and the row count sent.
 */
export interface RouteAudit {
  action: string;
  target: AuditTargetType;
  param?: string;
  exportsOnly?: boolean;
}

/** What a handler adds to its route's entry (an export: its row count, filled while streaming). */
export interface AuditNote {
  details?: Record<string, unknown>;
  /** the target's id when neither the path nor a created resource's `id` names it (an invitation's person) */
  targetId?: string;
  /** who acted when the request carried no credentials but proved who it is (an accepted invitation: the new person) */
  actor?: { organizationId: string; actor: AuditActor };
  export?: { rows: number; done: boolean };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
}

/** Paging and format parameters say nothing about what was read: an export's entry keeps only the filters. */
const notFilters = new Set(['page', 'limit', 'cursor', 'csv_dialect']);

function filtersOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).filter(([name, value]) => !notFilters.has(name) && value !== undefined));
}

function createdId(payload: unknown): string | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null || text.length > 64 * 1024) return null;
  try {
    const body = JSON.parse(text) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

function targetId(request: FastifyRequest, reply: FastifyReply, audit: RouteAudit, payload: unknown): string | null {
  if (request.auditNote?.targetId !== undefined) return request.auditNote.targetId;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const fromPath = params[audit.param ?? 'id'];
  if (typeof fromPath === 'string') return fromPath;
  return reply.statusCode === 201 ? createdId(payload) : null;
}

/**
 * Counts the rows an export sends and records its entry when the rows run out (before the response ends, so a
 * client that got the whole file finds it in the trail) or when the client goes away (`complete: false`).
 * lists/send-csv.ts passes every export through it; routes without `config.audit` record nothing.
 */
export function auditedExport<Row>(request: FastifyRequest, batches: AsyncIterable<readonly Row[]>): AsyncIterable<readonly Row[]> {
  const audit = request.routeOptions.config.audit;
  if (!audit) return batches;
  const note = (request.auditNote ??= {});
  const counter: { rows: number; done: boolean } = { rows: 0, done: false };
  note.export = counter;
  const record = () =>
    recordAudit(request.server.database.db, {
      ...requestActor(request),
      action: audit.action,
      target: { type: audit.target, id: null },
      outcome: counter.done ? 'success' : 'failure',
      details: { filters: filtersOf(request), rows: counter.rows, complete: counter.done, ...note.details },
    }).catch((error: unknown) => request.log.error({ err: error, action: audit.action }, 'audit entry not recorded'));
  return (async function* () {
    try {
      for await (const batch of batches) {
        counter.rows += batch.length;
        yield batch;
      }
      counter.done = true;
    } finally {
      await record();
    }
  })();
}

/**
 * Records the entries of routes with `config.audit` before the answer is sent (a client that sees it knows it was
 * recorded); exports record theirs when the stream ends (auditedExport).
 */
export function registerRouteAudit(app: ApiInstance): void {
  app.decorateRequest('auditNote', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.audit;
    if (!audit || request.auditNote?.export || audit.exportsOnly) return payload;
    try {
      await recordAudit(app.database.db, {
        ...requestActor(request),
        ...request.auditNote?.actor,
        action: audit.action,
        target: { type: audit.target, id: targetId(request, reply, audit, payload) },
        outcome: outcomeOf(reply.statusCode),
        details: { status: reply.statusCode, ...request.auditNote?.details },
      });
    } catch (error) {
      request.log.error({ err: error, action: audit.action }, 'audit entry not recorded');
    }
    return payload;
  });
}
