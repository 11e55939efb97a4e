import { queryOptions } from '@tanstack/react-query';
import type { FeePlan, FeePlanList, FeePlanVersionInput } from '../../../contract/fee-plans.ts';
import { api } from '../../lib/api-client.ts';
import { objectWith } from '../../lib/shape.ts';
import { feePlansKey } from './fee-plans-keys.ts';
import { ifMatchHeader } from '../../../contract/headers.ts';

const List = objectWith<FeePlanList>('a fee plan list', 'data');
const One = objectWith<FeePlan>('a fee plan', 'latest');

export const feePlansQuery = () =>
  queryOptions({ queryKey: feePlansKey(), queryFn: async ({ signal }) => (await api('listFeePlans', List, { signal })).data.data, staleTime: 15_000 });

/** A new version of the plan, sent with If-Match (the version the editor read): a concurrent edit answers 412. */
export const savePlanVersion = async (plan: FeePlan, body: FeePlanVersionInput) =>
  (await api('updateFeePlan', One, { path: { id: plan.id }, body, headers: { [ifMatchHeader]: `"v${plan.version}"` } })).data;
