import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Credential } from '../../../contract/credentials.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { fetchConnection, patchConnection, type ConnectionPage, type VersionedConnection } from './api/connections.ts';
import { connectionHistoryKey, connectionKey, connectionListsKey, connectionsKey } from './api/credentials-keys.ts';

type Snapshot = [readonly unknown[], unknown][];

/** Shows `enabled` on every cached copy of the connection at once (lists and its page); returns what was there. */
function applyOptimistic(client: QueryClient, id: string, enabled: boolean): Snapshot {
  const snapshot: Snapshot = client.getQueriesData({ queryKey: connectionsKey() });
  client.setQueriesData<ConnectionPage>({ queryKey: connectionListsKey() }, (page) =>
    page ? { ...page, rows: page.rows.map((row) => (row.id === id ? { ...row, enabled } : row)) } : page,
  );
  client.setQueryData<VersionedConnection>(connectionKey(id), (one) => (one ? { ...one, credential: { ...one.credential, enabled } } : one));
  return snapshot;
}

class ChangedMeanwhile extends Error {}

/**
 * Enable or disable with an optimistic update: the badge changes at once; on failure every cached copy is put
 * back and `failure` says why. The change is sent with the ETag of the state the user saw: the connection page's,
 * or for a list row a fresh read that must still show what the row showed (else someone else changed it).
 */
export function useToggleConnection() {
  const t = useT();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ credential, etag }: { credential: Credential; etag?: string }) => {
      let tag = etag;
      if (tag === undefined) {
        const current = await fetchConnection(credential.id);
        if (current.credential.enabled !== credential.enabled) throw new ChangedMeanwhile();
        tag = current.etag;
      }
      return patchConnection(credential.id, tag, { enabled: !credential.enabled });
    },
    onMutate: async ({ credential }) => {
      setFailure(null);
      await client.cancelQueries({ queryKey: connectionsKey() });
      return applyOptimistic(client, credential.id, !credential.enabled);
    },
    onError: (error, { credential }, snapshot) => {
      for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
      void client.invalidateQueries({ queryKey: connectionKey(credential.id) });
      const stale = error instanceof ChangedMeanwhile || (isApiError(error) && error.status === 412);
      const action = credential.enabled ? t('credentials.toggle.disableFailed') : t('credentials.toggle.enableFailed');
      setFailure(stale ? `${action} ${t('credentials.toggle.changedMeanwhile')}` : `${action} ${describeError(error, t).detail}`);
    },
    onSuccess: (result) => client.setQueryData(connectionKey(result.credential.id), result),
    onSettled: (_data, _error, { credential }) => {
      void client.invalidateQueries({ queryKey: connectionListsKey() });
      void client.invalidateQueries({ queryKey: connectionHistoryKey(credential.id) });
    },
  });
  return { toggle: mutation.mutate, busyId: mutation.isPending ? (mutation.variables.credential.id ?? null) : null, failure, clearFailure: () => setFailure(null) };
}
