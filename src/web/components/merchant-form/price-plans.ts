import { queryOptions } from '@tanstack/react-query';
import type { PricePlanChoice, PricePlanChoiceList } from '../../../contract/fee-plans.ts';
import { Merchant, type MerchantPatch } from '../../../contract/merchants.ts';
import { api } from '../../lib/api-client.ts';
import { objectWith } from '../../lib/shape.ts';

const Choices = objectWith<PricePlanChoiceList>('a list of price plans', 'data');

/** The price plans onboarding may give a merchant (merchants:write), the default first; its query key, here alone. */
export const pricePlansKey = () => ['merchant-form', 'price-plans'] as const;
export const pricePlansQuery = () =>
  queryOptions({ queryKey: pricePlansKey(), queryFn: async ({ signal }): Promise<PricePlanChoice[]> => (await api('listMerchantPricePlans', Choices, { signal })).data.data, staleTime: 30_000 });

/** PATCH /v1/merchants/{id}: the price plan it pays from now on (null: the organization's default). */
export const setMerchantPlan = async (id: string, body: MerchantPatch) => (await api('updateMerchant', Merchant, { path: { id }, body })).data;
