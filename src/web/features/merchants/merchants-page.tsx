import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatCnpj, type Merchant } from '../../../contract/merchants.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { TextFilter } from '../../components/data-table/filter-controls.tsx';
import { ListView } from '../../components/data-table/list-view.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { listToolsUser } from '../../lib/list-tools/list-tools-user.ts';
import { useMe } from '../../lib/me-context.tsx';
import { hasScopes } from '../../lib/scopes/has-scopes.ts';
import { useServerList, type ServerListConfig } from '../../lib/use-server-list.ts';
import layout from '../../components/page-layout.module.css';
import { merchantsQuery } from './api/merchants.ts';
import { merchantListsKey } from './api/merchants-keys.ts';
import { merchantColumns } from './merchants-columns.tsx';
import { merchantFilterKeys, merchantUrlSpec, type MerchantKey } from './merchants-url.ts';
import styles from './merchants.module.css';

// loads when "Add a merchant" is pressed: not part of the list's first load
const AddMerchantDialog = lazy(async () => ({ default: (await import('../../components/merchant-form/add-merchant-dialog.tsx')).AddMerchantDialog }));

/** "Merchants": GET /v1/merchants on the shared list pieces, searched by name or CNPJ; add one; open its connections. */
export function MerchantsPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const mayAdd = me.merchantIds === null && me.scopes.includes('merchants:write');
  const connections = hasScopes(me.scopes, ['providers:read', 'credentials:write']);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<Merchant | null>(null);
  const config = useMemo(
    (): ServerListConfig<MerchantKey, Merchant> => ({
      spec: merchantUrlSpec,
      query: merchantsQuery,
      columns: merchantColumns({ t, connections }),
      getRowId: (m) => m.id,
      filterKeys: merchantFilterKeys,
      orderKeys: { by: 'order_by', direction: 'order_direction' },
      tools: { listId: 'merchants', ...listToolsUser(me) },
    }),
    [t, connections, me],
  );
  const list = useServerList(config);

  return (
    <section className={layout.page}>
      <header className={layout.header}>
        <div>
          <h1>{t('merchants.title')}</h1>
          <p className={layout.subtitle}>{t('merchants.subtitle')}</p>
        </div>
        {mayAdd ? (
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('merchants.add')}
          </Button>
        ) : null}
      </header>
      {added ? (
        <Banner tone="success" title={t('merchants.added', { name: added.name, cnpj: formatCnpj(added.taxId) })} action={<Button size="small" onClick={() => setAdded(null)}>{t('merchants.dismiss')}</Button>} />
      ) : null}
      <ListView
        list={list}
        label={t('merchants.title')}
        pagesLabel={t('merchants.pages')}
        loadingLabel={t('merchants.loading')}
        emptyTitle={t('merchants.emptyTitle')}
        emptyText={t('merchants.emptyText')}
        filteredTitle={t('merchants.filteredTitle')}
        filteredText={t('merchants.filteredText')}
        filters={
          <div className={styles.search}>
            <TextFilter
              label={t('merchants.search')}
              hint={t('merchants.searchHint')}
              value={list.get('q')}
              maxLength={120}
              validate={(text) => (text.length > 120 ? t('merchants.searchTooLong') : null)}
              onChange={(v) => list.update({ q: v })}
            />
          </div>
        }
      />
      {adding ? (
        <Suspense fallback={null}>
          <AddMerchantDialog
            initialName=""
            onCancel={() => setAdding(false)}
            onAdded={(merchant) => {
              setAdding(false);
              setAdded(merchant);
              void queryClient.invalidateQueries({ queryKey: merchantListsKey() });
              list.update({ q: merchant.taxId });
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
