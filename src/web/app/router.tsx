import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Scope } from '../../contract/enums.ts';
import { allowedSections } from '../features/auth/access.ts';
import { useMe } from '../features/auth/me-context.tsx';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { RequireScopes } from '../features/auth/require-scopes.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { AppShell } from './app-shell.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';

function FirstAllowedPage() {
  const me = useMe();
  const first = allowedSections(me.scopes)[0];
  return first ? <Navigate to={first.path} replace /> : <RequireScopes scopes={['transactions:read']}>{null}</RequireScopes>;
}

function guarded(path: string, scopes: readonly Scope[], load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    lazy: async () => {
      const Page = await load();
      return {
        Component: () => (
          <RequireScopes scopes={scopes}>
            <Page />
          </RequireScopes>
        ),
      };
    },
  };
}

export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError inShell />,
        children: [
          { index: true, element: <FirstAllowedPage /> },
          guarded('transactions', ['transactions:read'], async () => (await import('../features/transactions/transactions-page.tsx')).TransactionsPage),
          guarded('events', ['events:read'], async () => (await import('../features/events/events-page.tsx')).EventsPage),
          guarded('credentials/new', ['providers:read', 'credentials:write'], async () => (await import('../features/credentials/credentials-page.tsx')).CredentialsPage),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
