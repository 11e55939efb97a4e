import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signingSecrets } from '../db/schema.ts';
import { xid } from '../lib/xid.ts';

/**
 * Signing secrets must be readable by the server (an HMAC is checked with the secret itself, unlike a
 * token whose hash suffices). With SIGNING_SECRET_KEY (32 bytes as 64 hex digits or base64) they are sealed
 * with AES-256-GCM at rest; without it they are stored as they are, and the server says so on start.
 */
export function readSealingKey(text: string | undefined): Buffer | null {
  if (text === undefined || text === '') return null;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SIGNING_SECRET_KEY must be 32 bytes: 64 hex digits or base64');
  return key;
}

export function sealSecret(secret: string, key: Buffer | null): string {
  if (!key) return `plain:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['aes-256-gcm', iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(':');
}

export function openSecret(sealed: string, key: Buffer | null): string {
  if (sealed.startsWith('plain:')) return sealed.slice('plain:'.length);
  const [scheme, iv, tag, data] = sealed.split(':');
  if (scheme !== 'aes-256-gcm' || !iv || !tag || !data) throw new Error('unknown signing secret format');
  if (!key) throw new Error('a signing secret is sealed: set SIGNING_SECRET_KEY to the key it was sealed with');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

export const generateSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
export const maskSigningSecret = (lastFour: string): string => `whsec_****${lastFour}`;

export async function createSigningSecret(db: Db, organizationId: string, key: Buffer | null, secret = generateSigningSecret()): Promise<{ id: string; secret: string }> {
  const id = xid();
  await db.insert(signingSecrets).values({ id, organizationId, secretSealed: sealSecret(secret, key), lastFour: secret.slice(-4) });
  return { id, secret };
}

/** A new secret; the current ones stay valid for `overlapMs` more (both verify meanwhile). */
export async function rotateSigningSecret(db: Db, organizationId: string, key: Buffer | null, overlapMs: number): Promise<{ id: string; secret: string; previousValidUntil: Date }> {
  const until = new Date(Date.now() + overlapMs);
  return db.transaction(async (tx) => {
    await tx
      .update(signingSecrets)
      .set({ expiresAt: until })
      .where(and(eq(signingSecrets.organizationId, organizationId), isNull(signingSecrets.expiresAt), isNull(signingSecrets.revokedAt)));
    const created = await createSigningSecret(tx, organizationId, key);
    return { ...created, previousValidUntil: until };
  });
}

export async function revokeSigningSecret(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(signingSecrets)
    .set({ revokedAt: new Date() })
    .where(and(eq(signingSecrets.id, id), isNull(signingSecrets.revokedAt)))
    .returning({ id: signingSecrets.id });
  return rows.length > 0;
}

export interface SigningSecretListing {
  id: string;
  organizationId: string;
  masked: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export async function listSigningSecrets(db: Db): Promise<SigningSecretListing[]> {
  const rows = await db.select().from(signingSecrets).orderBy(asc(signingSecrets.organizationId), asc(signingSecrets.createdAt), asc(signingSecrets.id));
  return rows.map((r) => ({ id: r.id, organizationId: r.organizationId, masked: maskSigningSecret(r.lastFour), createdAt: r.createdAt, expiresAt: r.expiresAt, revokedAt: r.revokedAt }));
}

/** The secrets an organization's notifications may be signed with right now. */
export async function validSigningSecrets(db: Db, organizationId: string, key: Buffer | null, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ sealed: signingSecrets.secretSealed })
    .from(signingSecrets)
    .where(
      and(
        eq(signingSecrets.organizationId, organizationId),
        isNull(signingSecrets.revokedAt),
        or(isNull(signingSecrets.expiresAt), gt(signingSecrets.expiresAt, now)),
      ),
    );
  return rows.map((r) => openSecret(r.sealed, key));
}

/** validSigningSecrets, remembered for a few seconds per organization (ingestion checks one per request). */
export class SigningSecretCache {
  private readonly entries = new Map<string, { at: number; secrets: Promise<string[]> }>();
  constructor(
    private readonly db: Db,
    private readonly key: Buffer | null,
    private readonly ttlMs = 5000,
  ) {}

  /** `fresh` skips the remembered list: after a mismatch, so a secret rotated a moment ago verifies at once. */
  get(organizationId: string, fresh = false): Promise<string[]> {
    const now = Date.now();
    const hit = this.entries.get(organizationId);
    if (hit && !fresh && now - hit.at < this.ttlMs) return hit.secrets;
    const secrets = validSigningSecrets(this.db, organizationId, this.key);
    secrets.catch(() => this.entries.delete(organizationId));
    this.entries.set(organizationId, { at: now, secrets });
    return secrets;
  }
}
