import { useState } from 'react';
import { Me } from '../../contract/me.ts';
import { Navigate } from 'react-router';
import { meKey } from '../features/auth/api/auth-keys.ts';
import { allowedSections } from '../features/auth/access.ts';
import { useMe } from '../lib/me-context.tsx';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { RequireScopes } from '../features/auth/require-scopes.tsx';
import { takeVerifiedMe } from '../features/auth/verified-me.ts';
import { AppShell } from './app-shell.tsx';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';

/** A fresh query cache, starting with the identity sign-in or the session probe just learnt (if any, and valid). */
function createSessionQueryClient() {
  const client = createQueryClient();
  const verified = takeVerifiedMe();
  const me = verified ? Me.safeParse(verified.me) : null;
  if (verified && me?.success) client.setQueryData(meKey(), me.data, { updatedAt: verified.at });
  return client;
}

/**
 * Everything behind sign-in: the query cache, the identity check, then the shell around the page.
 * The cache lives as long as this layout: signing out or a 401 leads to /sign-in, which unmounts it and drops it.
 */
export function SignedInLayout() {
  const [client] = useState(createSessionQueryClient);
  return (
    <AppProviders client={client}>
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    </AppProviders>
  );
}

/** `/`: the first section the token may open, or "not allowed" when it may open none. */
export function FirstAllowedPage() {
  const me = useMe();
  const first = allowedSections(me.scopes)[0];
  return first ? <Navigate to={first.path} replace /> : <RequireScopes scopes={['transactions:read']}>{null}</RequireScopes>;
}
