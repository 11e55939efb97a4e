import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Scope } from '../../../contract/enums.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { allowedSections, hasScopes } from './access.ts';
import { useMe } from './me-context.tsx';

/** A section the token's scopes do not cover shows a clear "not allowed" page instead of failing calls. */
export function RequireScopes({ scopes, children }: { scopes: readonly Scope[]; children: ReactNode }) {
  const me = useMe();
  if (hasScopes(me.scopes, scopes)) return children;
  const first = allowedSections(me.scopes)[0];
  return (
    <section aria-labelledby="not-allowed-title">
      <EmptyState
        title={<span id="not-allowed-title">Not allowed</span>}
        action={first ? <Link to={first.path}>Go to {first.label}</Link> : undefined}
      >
        <p>
          This access token cannot open this page. It needs {scopes.map((s, i) => <span key={s}>{i > 0 ? ' and ' : ''}<code>{s}</code></span>)}; it has{' '}
          {me.scopes.length > 0 ? me.scopes.map((s, i) => <span key={s}>{i > 0 ? ', ' : ''}<code>{s}</code></span>) : 'no scopes'}.
        </p>
      </EmptyState>
    </section>
  );
}
