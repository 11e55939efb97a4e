import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for tests, on node:crypto: a P-256 key per credential, a real 'none' attestation
 * (authenticator data with the COSE public key, CBOR-encoded) and real ES256 signatures over authenticator data and
 * the client data's hash, as a browser and a platform authenticator produce them. Not a stand-in for the library
 * under test: the server checks everything these bytes claim.
 */
type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR forms WebAuthn uses: integers, text, bytes, arrays and maps (RFC 8949, definite lengths). */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

export interface SoftCredential {
  id: Buffer;
  key: KeyObject;
  userHandle: string;
  counter: number;
}

export interface Flags {
  userVerified?: boolean;
  /** the signature counter the next assertion reports (default: one more than the last) */
  counter?: number;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(private readonly origin: string) {}

  private authData(rpId: string, counter: number, userVerified: boolean, attested?: { id: Buffer; cose: Buffer }): Buffer {
    // UP, UV, AT (attested credential data follows)
    const flags = 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(attested.id.length);
      parts.push(Buffer.alloc(16), length, attested.id, attested.cose);
    }
    return Buffer.concat(parts);
  }

  /** navigator.credentials.create: a new credential for the options' relying party and user, attestation 'none'. */
  create(options: { challenge: string; rp: { id?: string; name: string }; user: { id: string } }, flags: Flags = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key: kty EC2, alg ES256, crv P-256, x, y
    const cose = cbor(new Map<number, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x ?? '', 'base64url')], [-3, Buffer.from(jwk.y ?? '', 'base64url')]]));
    const credential: SoftCredential = { id: randomBytes(32), key: privateKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const authData = this.authData(rpId, 0, flags.userVerified ?? true, { id: credential.id, cose });
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get: an assertion signed by `credential` (default: the first the options allow, or the newest). */
  get(options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] }, flags: Flags = {}, credential?: SoftCredential) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials ?? [];
    const chosen = credential ?? (allowed.length > 0 ? this.credentials.find((c) => allowed.some((a) => a.id === b64url(c.id))) : this.credentials.at(-1));
    if (!chosen) throw new Error('no credential of this authenticator is allowed');
    chosen.counter = flags.counter ?? chosen.counter + 1;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const authData = this.authData(rpId, chosen.counter, flags.userVerified ?? true);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), chosen.key);
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: chosen.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
