import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { FeePlan, FeePlanList, FeePlanVersionInput } from '../../../contract/fee-plans.ts';
import { api } from '../../lib/api-client.ts';
import { feePlansKey } from './fee-plans-keys.ts';
import { ifMatchHeader } from '../../../contract/headers.ts';

const List = z.custom<FeePlanList>((v) => typeof v === 'object' && v !== null && 'data' in v, 'not a fee plan list');
const One = z.custom<FeePlan>((v) => typeof v === 'object' && v !== null && 'latest' in v, 'not a fee plan');

export const feePlansQuery = () =>
  queryOptions({ queryKey: feePlansKey(), queryFn: async ({ signal }) => (await api('listFeePlans', List, { signal })).data.data, staleTime: 15_000 });

/** A new version of the plan, sent with If-Match (the version the editor read): a concurrent edit answers 412. */
export const savePlanVersion = async (plan: FeePlan, body: FeePlanVersionInput) =>
  (await api('updateFeePlan', One, { path: { id: plan.id }, body, headers: { [ifMatchHeader]: `"v${plan.version}"` } })).data;
