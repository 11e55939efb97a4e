import { Merchant, type MerchantInputText } from '../../../contract/merchants.ts';
import { api } from '../../lib/api-client.ts';

/** POST /v1/merchants (merchants:write); a CNPJ the organization already has is a 409 naming that merchant. */
export async function createMerchant(input: MerchantInputText): Promise<Merchant> {
  return (await api('createMerchant', Merchant, { body: input })).data;
}
