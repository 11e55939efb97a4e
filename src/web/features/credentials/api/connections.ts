import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { Credential, CredentialHistory, CredentialList, type CredentialPatch } from '../../../../contract/credentials.ts';
import { pagingHeaders, type PagingHeaders } from '../../../components/data-table/paging.ts';
import { etagHeaderName, ifMatchHeader } from '../../../../contract/headers.ts';
import { api } from '../../../lib/api-client.ts';
import type { ConnectionKey } from '../connections-url.ts';
import { connectionHistoryKey, connectionKey, connectionListKey } from './credentials-keys.ts';

export type ConnectionParams = Partial<Record<ConnectionKey, string>>;

export interface ConnectionPage {
  rows: Credential[];
  paging: PagingHeaders;
}

/** A connection with the ETag a change must send back (If-Match). */
export interface VersionedConnection {
  credential: Credential;
  etag: string;
}

export function connectionsQuery(params: ConnectionParams) {
  return queryOptions({
    queryKey: connectionListKey(params),
    queryFn: async ({ signal }): Promise<ConnectionPage> => {
      const { data, headers } = await api('listCredentials', CredentialList, { query: params, signal });
      return { rows: data, paging: pagingHeaders(headers) };
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export async function fetchConnection(id: string, signal?: AbortSignal): Promise<VersionedConnection> {
  const { data, headers } = await api('getCredential', Credential, { path: { id }, signal });
  return { credential: data, etag: headers.get(etagHeaderName) ?? '' };
}

export function connectionQuery(id: string) {
  return queryOptions({ queryKey: connectionKey(id), queryFn: ({ signal }) => fetchConnection(id, signal), staleTime: 5_000 });
}

export function historyQuery(id: string) {
  return queryOptions({
    queryKey: connectionHistoryKey(id),
    queryFn: async ({ signal }) => (await api('listCredentialHistory', CredentialHistory, { path: { id }, query: { limit: '100' }, signal })).data,
  });
}

/** PATCH with If-Match: 412 when someone else changed it since `etag` was read. */
export async function patchConnection(id: string, etag: string, patch: CredentialPatch): Promise<VersionedConnection> {
  const { data, headers } = await api('updateCredential', Credential, { path: { id }, body: patch, headers: { [ifMatchHeader]: etag } });
  return { credential: data, etag: headers.get(etagHeaderName) ?? '' };
}
