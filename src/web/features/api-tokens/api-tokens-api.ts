import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ApiToken, ApiTokenRequest, CreatedApiToken } from '../../../contract/people.ts';
import { api } from '../../lib/api-client.ts';
import { apiTokensKey } from './api-tokens-keys.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const TokenList = z.custom<ApiToken[]>((v) => Array.isArray(v), 'not a list of tokens');
const OneToken = z.custom<ApiToken>((v) => isObject(v) && 'scopes' in v, 'not a token');
const Created = z.custom<CreatedApiToken>((v) => isObject(v) && 'secret' in v, 'not a created token');

export const apiTokensQuery = () =>
  queryOptions({ queryKey: apiTokensKey(), queryFn: async ({ signal }) => (await api('listApiTokens', TokenList, { signal, query: { limit: '100' } })).data, staleTime: 10_000 });

export const createApiToken = async (body: ApiTokenRequest) => (await api('createApiToken', Created, { body })).data;
export const revokeApiToken = async (id: string) => (await api('revokeApiToken', OneToken, { path: { id } })).data;
