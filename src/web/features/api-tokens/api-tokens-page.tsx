import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken } from '../../../contract/people.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { useHasScope } from '../../lib/scopes/has-scopes.ts';
import { apiTokensQuery, revokeApiToken } from './api-tokens-api.ts';
import { apiTokensKey } from './api-tokens-keys.ts';
import { CreateTokenForm } from './create-token-form.tsx';
import layout from '../../components/page-layout.module.css';
import table from '../../components/simple-table.module.css';
import styles from './api-tokens.module.css';

/** The table's columns, in order: each header is api-tokens.column.<id>. */
const columns = ['name', 'scopes', 'mode', 'merchant', 'owner', 'created', 'lastUsed', 'state'] as const;

function TokenRow({ token, canWrite }: { token: ApiToken; canWrite: boolean }) {
  const t = useT();
  const me = useMe();
  const client = useQueryClient();
  const revoke = useMutation({ mutationFn: () => revokeApiToken(token.id), onSuccess: () => void client.invalidateQueries({ queryKey: apiTokensKey() }) });
  const merchant = token.merchantId ? (me.merchants.find((m) => m.id === token.merchantId)?.name ?? token.merchantId) : t('api-tokens.everyMerchant');
  return (
    <tr data-testid="token-row">
      <th scope="row">{token.name}</th>
      <td className={styles.scopeList}>{token.scopes.join(', ')}</td>
      <td>{t(`api-tokens.modeName.${token.mode}`)}</td>
      <td>{merchant}</td>
      <td>{token.createdBy?.email ?? t('api-tokens.commandLine')}</td>
      <td className="tabular">{formatDateTime(token.createdAt)}</td>
      <td className="tabular">{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('api-tokens.never')}</td>
      <td>
        {token.revokedAt ? (
          <Badge tone="neutral">{t('api-tokens.revoked')}</Badge>
        ) : canWrite ? (
          <Button size="small" disabled={revoke.isPending} onClick={() => window.confirm(t('api-tokens.revokeConfirm', { name: token.name })) && revoke.mutate()}>
            {t('api-tokens.revoke')}
          </Button>
        ) : (
          <Badge tone="success">{t('api-tokens.active')}</Badge>
        )}
        {revoke.error ? (
          <p role="alert" className={styles.error}>
            {describeError(revoke.error, t).detail}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/** Admins: machine tokens, created here (the secret shown once) and revoked. */
export function ApiTokensPage() {
  const t = useT();
  const query = useQuery(apiTokensQuery());
  const canWrite = useHasScope('tokens:write');
  return (
    <section className={layout.page} aria-labelledby="api-tokens-title">
      <header className={layout.header}>
        <div>
          <h1 id="api-tokens-title">{t('api-tokens.title')}</h1>
          <p className={layout.subtitle}>{t('api-tokens.subtitle')}</p>
        </div>
      </header>
      {canWrite ? <CreateTokenForm /> : null}
      {query.isPending ? <Skeleton label={t('api-tokens.loading')} /> : null}
      {query.isError ? <ErrorState title={t('api-tokens.error')} error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <div className={table.wrap}>
          <table className={table.table}>
            <caption className="visually-hidden">{t('api-tokens.title')}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(`api-tokens.column.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.data.length === 0 ? (
                <tr>
                  <td colSpan={columns.length}>{t('api-tokens.none')}</td>
                </tr>
              ) : (
                query.data.map((token) => <TokenRow key={token.id} token={token} canWrite={canWrite} />)
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
