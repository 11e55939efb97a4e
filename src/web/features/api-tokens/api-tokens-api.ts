import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiPath } from '../../../contract/endpoints.ts';
import type { ApiToken, ApiTokenRequest, CreatedApiToken } from '../../../contract/people.ts';
import { apiCall, apiGet, apiPost } from '../../lib/api-client.ts';
import { apiTokensKey } from './api-tokens-keys.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const TokenList = z.custom<ApiToken[]>((v) => Array.isArray(v), 'not a list of tokens');
const OneToken = z.custom<ApiToken>((v) => isObject(v) && 'scopes' in v, 'not a token');
const Created = z.custom<CreatedApiToken>((v) => isObject(v) && 'secret' in v, 'not a created token');

export const apiTokensQuery = () =>
  queryOptions({ queryKey: apiTokensKey(), queryFn: async ({ signal }) => (await apiGet(apiPath('listApiTokens'), TokenList, { signal, params: { limit: '100' } })).data, staleTime: 10_000 });

export const createApiToken = async (body: ApiTokenRequest) => (await apiPost(apiPath('createApiToken'), body, Created)).data;
export const revokeApiToken = async (id: string) => (await apiCall('DELETE', apiPath('revokeApiToken', { id }), OneToken)).data;
