import { providerNames, type ProviderName } from '../../contract/enums.ts';
import { carriers, cities, merchantNames, ssidPrefixes, terminalModels, type City } from './places.ts';
import { hash128, Rng } from './prng.ts';
import { namespaceOf, xid } from './xid.ts';

export interface MerchantRecord {
  id: string;
  name: string;
  taxId: string;
}

export interface Terminal {
  id: string;
  serialNumber: string;
  /** TID per acquirer (ISO 8583 field 41, up to 8 letters or digits) */
  tids: Partial<Record<ProviderName, string>>;
  navigationMethod: string | null;
  networkSsid: string | null;
  simSerialNumber: string | null;
  simApnData: string | null;
  ipAddress: string | null;
  latitude: number;
  longitude: number;
  fingerprintId: string;
}

export interface MerchantProfile extends MerchantRecord {
  city: City;
  acquirers: ProviderName[];
  /** MID per acquirer (ISO 8583 field 42, up to 15 letters or digits) */
  mids: Partial<Record<ProviderName, string>>;
  terminals: Terminal[];
}

/** CNPJ digits (14) with valid check digits, branch 0001. */
export function cnpj(rng: Rng): string {
  const base = rng.digits(8) + '0001';
  const check = (digits: string, weights: number[]) => {
    const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
    const rest = sum % 11;
    return String(rest < 2 ? 0 : 11 - rest);
  };
  const first = check(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base + first + check(base + first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
}

/** The merchants of an organization: ids unique per (seed, organization). */
export function createMerchants(seed: number, organizationId: string, count: number, createdAtMs: number): MerchantRecord[] {
  const namespace = namespaceOf('merchant', seed, organizationId);
  const rng = new Rng(hash128(`merchants|${seed}|${organizationId}`));
  const out: MerchantRecord[] = [];
  for (let i = 0; i < count; i++) {
    const base = merchantNames[i % merchantNames.length] ?? 'Comércio Ltda';
    const name = i < merchantNames.length ? base : `${base.replace(/ Ltda$/, '')} ${Math.floor(i / merchantNames.length) + 1} Ltda`;
    out.push({ id: xid(createdAtMs / 1000, namespace, i), name, taxId: cnpj(rng) });
  }
  return out;
}

function ipFor(rng: Rng, navigation: string | null): string | null {
  if (rng.chance(0.06)) return null;
  if (navigation === 'wifi' || navigation === 'ethernet') {
    return rng.chance(0.7) ? `192.168.${rng.int(0, 15)}.${rng.int(2, 254)}` : `10.${rng.int(0, 40)}.${rng.int(0, 255)}.${rng.int(2, 254)}`;
  }
  // carrier-grade NAT (RFC 6598) or public addresses of Brazilian mobile carriers
  if (rng.chance(0.6)) return `100.${rng.int(64, 127)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  return `${rng.pick([177, 179, 187, 189, 191, 200, 201])}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

function terminalFor(rng: Rng, merchantId: string, index: number, city: City, acquirers: ProviderName[]): Terminal {
  const navigationMethod = rng.weighted<string | null>([['wifi', 40], ['4g', 34], ['5g', 9], ['ethernet', 7], [null, 10]]);
  const onSim = navigationMethod === '4g' || navigationMethod === '5g' || (navigationMethod === null && rng.chance(0.5));
  const carrier = rng.pick(carriers);
  const iccidLength = rng.chance(0.7) ? 19 : 20;
  const iccid = `8955${carrier.iccidIssuer}${rng.digits(iccidLength - 6)}`;
  const model = rng.pick(terminalModels);
  const tids: Partial<Record<ProviderName, string>> = {};
  for (const acquirer of acquirers) tids[acquirer] = acquirer === 'stone' || acquirer === 'pagseguro' ? rng.alnumUpper(8) : rng.digits(8);
  const ns = hash128(`terminal|${merchantId}`)[1] & 0xffffff;
  return {
    id: xid(1_700_000_000, ns, index),
    serialNumber: model.serial(rng.digits(12)),
    tids,
    navigationMethod,
    networkSsid: navigationMethod === 'wifi' ? `${rng.pick(ssidPrefixes)}${city.ddd}_${rng.alnumUpper(4)}` : null,
    simSerialNumber: onSim ? iccid : null,
    simApnData: onSim ? carrier.apn : null,
    ipAddress: ipFor(rng, navigationMethod),
    latitude: Math.round((city.lat + (rng.next() - 0.5) * 0.12) * 1e6) / 1e6,
    longitude: Math.round((city.lon + (rng.next() - 0.5) * 0.12) * 1e6) / 1e6,
    fingerprintId: `fp_${rng.hex(24)}`,
  };
}

/** Everything the generator needs about a merchant, derived from its id alone (so reloads agree). */
export function merchantProfile(merchant: MerchantRecord): MerchantProfile {
  const rng = new Rng(hash128(`profile|${merchant.id}`));
  const city = rng.pick(cities);
  const pool = [...providerNames];
  const acquirers: ProviderName[] = [];
  const wanted = rng.weighted([[1, 3], [2, 4], [3, 3]] as const);
  while (acquirers.length < wanted) acquirers.push(pool.splice(rng.int(0, pool.length - 1), 1)[0] as ProviderName);
  const mids: Partial<Record<ProviderName, string>> = {};
  for (const acquirer of acquirers) {
    mids[acquirer] = acquirer === 'cielo' ? `10${rng.digits(8)}` : acquirer === 'stone' ? `${rng.alnumUpper(12)}` : rng.digits(rng.int(9, 15));
  }
  const terminalCount = rng.int(1, 4);
  const terminals: Terminal[] = [];
  for (let i = 0; i < terminalCount; i++) terminals.push(terminalFor(rng, merchant.id, i, city, acquirers));
  return { ...merchant, city, acquirers, mids, terminals };
}
