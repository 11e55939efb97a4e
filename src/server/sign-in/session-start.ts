import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { readSessionCookie, setSessionCookie, type SessionSettings } from '../auth/session-cookie.ts';
import { createSession, deleteSession } from '../auth/session-store.ts';
import { requestOrigin } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { people } from '../db/schema.ts';
import { personTokenId, type PersonRow } from '../people/people-store.ts';

/**
 * Signs a person in: a new random session id (only its hash stored, with the address and user agent for "My
 * account"), set as the HttpOnly cookie. Rotation: a session the browser already carried ends here, so an id
 * planted before sign-in (session fixation) is worth nothing after it.
 */
export async function startPersonSession(db: Db, request: FastifyRequest, reply: FastifyReply, settings: SessionSettings, person: PersonRow): Promise<void> {
  const previous = readSessionCookie(request, settings);
  if (previous !== null) await deleteSession(db, previous);
  const id = await createSession(db, await personTokenId(db, person.id), settings.idleMs, requestOrigin(request));
  await db.update(people).set({ lastSignInAt: new Date() }).where(eq(people.id, person.id));
  setSessionCookie(reply, settings, id);
}
