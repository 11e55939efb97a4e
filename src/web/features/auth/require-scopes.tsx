import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Scope } from '../../../contract/enums.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { allowedSections, hasScopes } from './access.ts';
import { useMe } from './me-context.tsx';
import { CodeList } from '../../components/code-list.tsx';
import { useI18n } from '../../lib/i18n/i18n.tsx';

/** A section the token's scopes do not cover shows a clear "not allowed" page instead of failing calls. */
export function RequireScopes({ scopes, children }: { scopes: readonly Scope[]; children: ReactNode }) {
  const me = useMe();
  const { t, locale } = useI18n();
  if (hasScopes(me.scopes, scopes)) return children;
  const first = allowedSections(me.scopes)[0];
  return (
    <section aria-labelledby="not-allowed-title">
      <EmptyState
        title={<span id="not-allowed-title">{t('auth.notAllowed.title')}</span>}
        action={first ? <Link to={first.path}>{t('auth.notAllowed.goTo', { section: t(first.labelKey) })}</Link> : undefined}
      >
        <p>{t('auth.notAllowed.lead')}</p>
        <p>
          {t('auth.notAllowed.needs')} <CodeList items={scopes} locale={locale} />
        </p>
        <p>
          {t('auth.notAllowed.has')} {me.scopes.length > 0 ? <CodeList items={me.scopes} locale={locale} /> : t('auth.notAllowed.none')}
        </p>
      </EmptyState>
    </section>
  );
}
