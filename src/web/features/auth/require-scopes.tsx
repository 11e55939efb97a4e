import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Scope } from '../../../contract/enums.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { hasScopes } from '../../lib/scopes/has-scopes.ts';
import { allowedSections } from './access.ts';
import { useMe } from '../../lib/me-context.tsx';

/** A section the token's (or the person's role's) scopes do not cover shows what they cannot do, in words, instead of failing calls. */
export function RequireScopes({ scopes, children }: { scopes: readonly Scope[]; children: ReactNode }) {
  const me = useMe();
  const t = useT();
  if (hasScopes(me.scopes, scopes)) return children;
  const first = allowedSections(me.scopes)[0];
  const missing = scopes.filter((s) => !me.scopes.includes(s));
  return (
    <section aria-labelledby="not-allowed-title">
      <EmptyState
        title={<span id="not-allowed-title">{t('scopes.notAllowed.title')}</span>}
        action={first ? <Link to={first.path}>{t('scopes.notAllowed.goTo', { section: t(first.labelKey) })}</Link> : undefined}
      >
        <p data-testid="not-allowed-text">{t(me.person ? 'scopes.notAllowed.cannotRole' : 'scopes.notAllowed.cannot', { actions: missing.map((s) => t(`scopes.can.${s.replace(':', '-')}`)).join(t('scopes.and')) })}</p>
        <p>{t(me.person ? 'scopes.notAllowed.askRole' : 'scopes.notAllowed.ask')}</p>
      </EmptyState>
    </section>
  );
}
