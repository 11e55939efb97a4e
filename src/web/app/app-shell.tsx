import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Badge } from '../components/badge.tsx';
import { Button } from '../components/button.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { IdentifierSearch } from '../components/search/identifier-search.tsx';
import { allowedSections } from '../features/auth/access.ts';
import { signOut as endServerSession } from '../features/auth/api/session.ts';
import { useMe } from '../lib/me-context.tsx';
import { accountPath } from '../lib/paths.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import styles from './app-shell.module.css';

function setDocumentTitle(title: string) {
  document.title = title;
}

export function AppShell() {
  const me = useMe();
  const { language, t } = useI18n();
  const queryClient = useQueryClient();
  const sections = allowedSections(me.scopes);
  const { pathname } = useLocation();
  const current = sections.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
  const title = current ? t(current.labelKey) : pathname === accountPath ? t('app.myAccount') : null;
  useEffect(() => {
    setDocumentTitle(title ? t('app.documentTitle', { section: title }) : t('app.name'));
  }, [title, t]);
  // After moving to another page (not on first load, not on filter changes), focus the content so
  // keyboard and screen-reader users start at the new page instead of the old link.
  const main = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current !== pathname) main.current?.focus({ preventScroll: true });
    previous.current = pathname;
  }, [pathname]);
  const merchant = me.merchantId ? (me.merchants.find((m) => m.id === me.merchantId)?.name ?? me.merchantId) : null;
  // an operator of several merchants: their count, each named in the title (GET /v1/me lists only theirs)
  const several = me.merchantIds !== null && me.merchantIds.length > 1 ? me.merchants : null;

  const signOut = () => {
    void endServerSession().finally(() => queryClient.clear());
  };

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('app.skip')}
      </a>
      <header className={styles.header}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true" />
          {t('app.name')}
        </div>
        <div className={styles.org} data-testid="org-info">
          <span className={styles.orgName}>{me.organization.name}</span>
          {me.mode === 'test' ? (
            <Badge tone="warning" title={t('app.mode.testTitle')}>
              {t('domain.mode.test')}
            </Badge>
          ) : (
            <Badge tone="success" title={t('app.mode.liveTitle')}>
              {t('domain.mode.live')}
            </Badge>
          )}
          {merchant ? (
            <Badge tone="info" title={t('app.merchantTitle', { id: me.merchantId ?? '' })}>
              {t('app.merchant', { name: merchant })}
            </Badge>
          ) : null}
          {several ? (
            <Badge tone="info" title={t('app.merchantsTitle', { names: several.map((m) => m.name).join(', ') })}>
              {t('app.merchants', { count: several.length })}
            </Badge>
          ) : null}
        </div>
        {me.scopes.includes('transactions:read') ? <IdentifierSearch /> : null}
        <LanguageSwitch className={styles.language} compact />
        {me.person ? (
          <NavLink to={accountPath} className={({ isActive }) => [styles.account, isActive && styles.accountActive].filter(Boolean).join(' ')} title={me.person.email}>
            {t('app.myAccount')}
          </NavLink>
        ) : null}
        <Button size="small" onClick={signOut}>
          {t('app.signOut')}
        </Button>
      </header>
      <nav className={styles.nav} aria-label={t('app.nav')}>
        <ul className={styles.navList}>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} className={({ isActive }) => [styles.navLink, isActive && styles.active].filter(Boolean).join(' ')}>
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main} className={styles.main} tabIndex={-1}>
        {/* A new language re-renders the page from scratch (memoised rows included); its data stays cached. */}
        <RouteErrorBoundary inShell key={language}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
