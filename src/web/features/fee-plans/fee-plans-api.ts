import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { FeePlan, FeePlanList, FeePlanVersionInput } from '../../../contract/fee-plans.ts';
import { apiGet, apiPut } from '../../lib/api-client.ts';
import { feePlansKey } from './fee-plans-keys.ts';

const List = z.custom<FeePlanList>((v) => typeof v === 'object' && v !== null && 'data' in v, 'not a fee plan list');
const One = z.custom<FeePlan>((v) => typeof v === 'object' && v !== null && 'latest' in v, 'not a fee plan');

export const feePlansQuery = () =>
  queryOptions({ queryKey: feePlansKey(), queryFn: async ({ signal }) => (await apiGet('/v1/fee-plans', List, { signal })).data.data, staleTime: 15_000 });

/** A new version of the plan, sent with If-Match (the version the editor read): a concurrent edit answers 412. */
export const savePlanVersion = async (plan: FeePlan, body: FeePlanVersionInput) =>
  (await apiPut(`/v1/fee-plans/${encodeURIComponent(plan.id)}`, body, One, { headers: { 'If-Match': `"v${plan.version}"` } })).data;
