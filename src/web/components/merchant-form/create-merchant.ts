import { apiPath } from '../../../contract/endpoints.ts';
import { Merchant, type MerchantInputText } from '../../../contract/merchants.ts';
import { apiPost } from '../../lib/api-client.ts';

/** POST /v1/merchants (merchants:write); a CNPJ the organization already has is a 409 naming that merchant. */
export async function createMerchant(input: MerchantInputText): Promise<Merchant> {
  return (await apiPost(apiPath('createMerchant'), input, Merchant)).data;
}
