import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AuditActorKind, AuditOutcome, AuditTargetType } from '../../contract/audit.ts';
import { userAgentHeader } from '../../contract/headers.ts';
import type { Db } from '../db/client.ts';
import { auditEntries } from '../db/schema.ts';

/** Who acted: a signed-in person, a machine token, the server itself or a command-line tool, or nobody known. */
export interface AuditActor {
  kind: AuditActorKind;
  id: string | null;
}

export interface AuditRecord {
  organizationId: string | null;
  actor: AuditActor;
  address?: string | null;
  userAgent?: string | null;
  action: string;
  target: { type: AuditTargetType; id?: string | null };
  outcome: AuditOutcome;
  details?: Record<string, unknown>;
}

/** A database handle or a transaction of one: an entry written in a change's transaction stands or falls with it. */
type Writer = Pick<Db, 'insert'>;

const clip = (text: string | null | undefined, max: number): string | null => (text == null ? null : text.slice(0, max));

/** Appends one entry to the audit trail (audit_entries refuses updates and deletes). */
export async function recordAudit(db: Writer, entry: AuditRecord): Promise<void> {
  await db.insert(auditEntries).values({
    organizationId: entry.organizationId,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    address: clip(entry.address, 64),
    userAgent: clip(entry.userAgent, 256),
    action: entry.action,
    targetType: entry.target.type,
    targetId: clip(entry.target.id, 128),
    outcome: entry.outcome,
    details: entry.details ?? {},
  });
}

/** Where a request came from: its address (through TRUST_PROXY) and user agent (at most 256 characters kept). */
export function requestOrigin(request: FastifyRequest): { address: string; userAgent: string | null } {
  return { address: request.ip, userAgent: request.headers[userAgentHeader]?.slice(0, 256) ?? null };
}

/** The who, where and from-what of a request: its caller (person or token), address and user agent. */
export function requestActor(request: FastifyRequest): Pick<AuditRecord, 'organizationId' | 'actor' | 'address' | 'userAgent'> {
  const caller = request.caller;
  const actor: AuditActor = caller === null ? { kind: 'anonymous', id: null } : caller.personId ? { kind: 'person', id: caller.personId } : { kind: 'token', id: caller.tokenId };
  return { organizationId: caller?.organizationId ?? null, actor, ...requestOrigin(request) };
}

/** A command-line tool run on the server (npm run token, secret, user): the operating-system user who ran it. */
export function cliActor(tool: string): AuditActor {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // no passwd entry for this uid (containers): keep "unknown"
  }
  return { kind: 'system', id: `${tool}:${user}` };
}

/** The outcome an HTTP status tells: 2xx/3xx success, 401/403 denied, anything else failure. */
export const outcomeOf = (status: number): AuditOutcome => (status < 400 ? 'success' : status === 401 || status === 403 ? 'denied' : 'failure');
