import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Scope } from '../../contract/enums.ts';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { RouteError } from './route-error.tsx';

// Lazy boundary: everything behind sign-in (identity check, shell, pages) loads on demand, so the first
// route carries only the router, the session and the sign-in page. RouteError stays here to report a failed load.
const signedIn = () => import('./signed-in-layout.tsx');

function guarded(path: string, scopes: readonly Scope[], load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ RequireScopes }, Page] = await Promise.all([import('../features/auth/require-scopes.tsx'), load()]);
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
    lazy: async () => ({ Component: (await signedIn()).SignedInLayout }),
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError inShell />,
        children: [
          { index: true, lazy: async () => ({ Component: (await signedIn()).FirstAllowedPage }) },
          guarded('transactions', ['transactions:read'], async () => (await import('../features/transactions/transactions-page.tsx')).TransactionsPage),
          guarded('events', ['events:read'], async () => (await import('../features/events/events-page.tsx')).EventsPage),
          guarded('credentials/new', ['providers:read', 'credentials:write'], async () => (await import('../features/credentials/credentials-page.tsx')).CredentialsPage),
          { path: '*', lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
