import { queryOptions } from '@tanstack/react-query';
import type { ApiToken, ApiTokenRequest, CreatedApiToken } from '../../../contract/people.ts';
import { api } from '../../lib/api-client.ts';
import { arrayOf, objectWith } from '../../lib/shape.ts';
import { apiTokensKey } from './api-tokens-keys.ts';

const TokenList = arrayOf<ApiToken>('a list of tokens');
const OneToken = objectWith<ApiToken>('a token', 'scopes');
const Created = objectWith<CreatedApiToken>('a created token', 'secret');

export const apiTokensQuery = () =>
  queryOptions({ queryKey: apiTokensKey(), queryFn: async ({ signal }) => (await api('listApiTokens', TokenList, { signal, query: { limit: '100' } })).data, staleTime: 10_000 });

export const createApiToken = async (body: ApiTokenRequest) => (await api('createApiToken', Created, { body })).data;
export const revokeApiToken = async (id: string) => (await api('revokeApiToken', OneToken, { path: { id } })).data;
