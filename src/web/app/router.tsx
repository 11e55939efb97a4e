import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { Scope } from '../../contract/enums.ts';
import { SessionGate } from '../features/auth/session-gate.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { loadFeatureMessages } from '../lib/i18n/i18n.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

// Lazy boundary: everything behind sign-in (query cache, identity check, shell, pages) loads on demand, so the
// first route carries only the router, the session and the sign-in page. SessionGate, in the first route's code,
// decides sign-in before the shell's chunk is asked for: a visit to `/` or a deep link without a session loads
// only what sign-in needs. RouteErrorBoundary stays here to
// report a chunk that fails to load. Declarative routes, not a data router: no loaders are used, and the
// data router costs ~15 KiB gzip more.
const SignedInLayout = lazy(async () => ({ default: (await import('./signed-in-layout.tsx')).SignedInLayout }));
const FirstAllowedPage = lazy(async () => ({ default: (await import('./signed-in-layout.tsx')).FirstAllowedPage }));
const NotFoundPage = lazy(async () => ({ default: (await import('./not-found-page.tsx')).NotFoundPage }));

/**
 * A page that loads on demand, with the texts of its feature (src/web/features/<feature>/, lib/i18n/i18n.tsx) in
 * parallel, and shows "not allowed" unless the token has all of `scopes`.
 */
function guarded(scopes: readonly Scope[], feature: string, load: () => Promise<ComponentType>) {
  return lazy(async () => {
    const [{ RequireScopes }, Page] = await Promise.all([import('../features/auth/require-scopes.tsx'), load(), loadFeatureMessages(feature)]);
    return {
      default: () => (
        <RequireScopes scopes={scopes}>
          <Page />
        </RequireScopes>
      ),
    };
  });
}

const OverviewPage = guarded(['transactions:read'], 'overview', async () => (await import('../features/overview/overview-page.tsx')).OverviewPage);
const TransactionsPage = guarded(['transactions:read'], 'transactions', async () => (await import('../features/transactions/transactions-page.tsx')).TransactionsPage);
const TransactionPage = guarded(['transactions:read'], 'transactions', async () => (await import('../features/transactions/transaction-page.tsx')).TransactionPage);
const EventsPage = guarded(['events:read'], 'events', async () => (await import('../features/events/events-page.tsx')).EventsPage);
const ReceivablesPage = guarded(['receivables:read'], 'receivables', async () => (await import('../features/receivables/receivables-page.tsx')).ReceivablesPage);
const FeePlansPage = guarded(['fee-plans:write'], 'fee-plans', async () => (await import('../features/fee-plans/fee-plans-page.tsx')).FeePlansPage);
const CredentialsPage = guarded(['providers:read', 'credentials:write'], 'credentials', async () => (await import('../features/credentials/credentials-page.tsx')).CredentialsPage);
const ConnectionsPage = guarded(['providers:read', 'credentials:write'], 'credentials', async () => (await import('../features/credentials/connections-page.tsx')).ConnectionsPage);
const MerchantsPage = guarded(['merchants:write'], 'merchants', async () => (await import('../features/merchants/merchants-page.tsx')).MerchantsPage);
const ReconciliationPage = guarded(['reconciliation:read'], 'reconciliation', async () => (await import('../features/reconciliation/reconciliation-page.tsx')).ReconciliationPage);
const AuditPage = guarded(['audit:read'], 'audit', async () => (await import('../features/audit/audit-page.tsx')).AuditPage);
// every signed-in person may open their own account (a token's session sees why it has none)
const AccountPage = guarded([], 'account', async () => (await import('../features/account/account-page.tsx')).AccountPage);
const PeoplePage = guarded(['people:read'], 'people', async () => (await import('../features/people/people-page.tsx')).PeoplePage);
const ApiTokensPage = guarded(['tokens:read'], 'api-tokens', async () => (await import('../features/api-tokens/api-tokens-page.tsx')).ApiTokensPage);
const SsoSettingsPage = guarded(['people:read'], 'sso-settings', async () => (await import('../features/sso-settings/sso-settings-page.tsx')).SsoSettingsPage);
/** Public: the invited person accepts (no session yet), with the people feature's texts. */
const InvitationPage = lazy(async () => {
  const [page] = await Promise.all([import('../features/people/invitation-page.tsx'), loadFeatureMessages('people')]);
  return { default: page.InvitationPage };
});
const ConnectionPage = guarded(['providers:read', 'credentials:write'], 'credentials', async () => (await import('../features/credentials/connection-page.tsx')).ConnectionPage);

/** The dashboard's routes; the shell (app-shell.tsx) wraps its page in an error boundary and Suspense of its own. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/sign-in" element={<SignInPage />} />
          <Route path="/invitation" element={<InvitationPage />} />
          <Route
            path="/"
            element={
              <SessionGate>
                <SignedInLayout />
              </SessionGate>
            }
          >
            <Route index element={<FirstAllowedPage />} />
            <Route path="overview" element={<OverviewPage />} />
            <Route path="transactions" element={<TransactionsPage />} />
            <Route path="transactions/:id" element={<TransactionPage />} />
            <Route path="events" element={<EventsPage />} />
            <Route path="receivables" element={<ReceivablesPage />} />
            <Route path="fee-plans" element={<FeePlansPage />} />
            <Route path="merchants" element={<MerchantsPage />} />
            <Route path="credentials" element={<ConnectionsPage />} />
            <Route path="credentials/new" element={<CredentialsPage />} />
            <Route path="credentials/:id" element={<ConnectionPage />} />
            <Route path="reconciliation" element={<ReconciliationPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="people" element={<PeoplePage />} />
            <Route path="api-tokens" element={<ApiTokensPage />} />
            <Route path="single-sign-on" element={<SsoSettingsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
