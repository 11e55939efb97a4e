import type { MerchantRecord } from '../seed/merchants.ts';
import { apiPath } from '../../contract/endpoints.ts';

/**
 * The organization's merchants with their CNPJ, read from `GET /v1/merchants` (`/v1/me` lists names only):
 * the generator's terminals need the tax id their notifications carry. At most `max`, in name order.
 */
export async function fetchMerchants(origin: string, token: string, max = 200): Promise<MerchantRecord[]> {
  const merchants: MerchantRecord[] = [];
  for (let page = 1; merchants.length < max; page++) {
    const url = new URL(apiPath('listMerchants'), origin);
    url.search = new URLSearchParams({ limit: '100', page: String(page) }).toString();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET /v1/merchants answered ${response.status}: is the token valid for this server?`);
    const rows = (await response.json()) as MerchantRecord[];
    merchants.push(...rows.map(({ id, name, taxId }) => ({ id, name, taxId })));
    if (rows.length < 100) break;
  }
  return merchants.slice(0, max);
}
