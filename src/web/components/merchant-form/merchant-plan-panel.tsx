import { useMutation } from '@tanstack/react-query';
import { use, useState, type FormEvent } from 'react';
import type { Merchant } from '../../../contract/merchants.ts';
import { Banner } from '../banner.tsx';
import { Button } from '../button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { loadFeatureMessages, useT } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { PricePlanSelect } from './price-plan-select.tsx';
import { setMerchantPlan } from './price-plans.ts';
import styles from './merchant-form.module.css';

const texts = loadFeatureMessages('merchant-form');

/**
 * On the connect flow: the price plan the picked merchant pays, and a change of it (PATCH /v1/merchants/{id},
 * merchants:write), for its sales captured from now on. `onChanged` hands the merchant back as the server has it.
 */
export function MerchantPlanPanel({ merchant, onChanged }: { merchant: Pick<Merchant, 'id' | 'name' | 'feePlanId'>; onChanged?: (merchant: Merchant) => void }) {
  use(texts);
  const t = useT();
  const saved = merchant.feePlanId ?? '';
  const [value, setValue] = useState(saved);
  const change = useMutation({
    mutationFn: () => setMerchantPlan(merchant.id, { feePlanId: value === '' ? null : value }),
    onSuccess: (next) => onChanged?.(next),
  });
  const fieldError = isApiError(change.error) ? change.error.problem?.errors?.find((e) => e.pointer === '/feePlanId') : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    change.mutate();
  };
  return (
    <div className={styles.planPanel}>
      <PricePlanSelect value={value} onChange={setValue} label={t('merchant-form.plan.of', { name: merchant.name })} error={fieldError ? t('merchant-form.plan.invalid') : undefined} />
      <div className={styles.planActions}>
        <Button size="small" onClick={submit} disabled={value === saved || change.isPending}>
          {t('merchant-form.plan.change')}
        </Button>
        {change.isSuccess && value === (change.data.feePlanId ?? '') ? <span role="status">{t('merchant-form.plan.changed')}</span> : null}
      </div>
      {change.isError && !fieldError ? (
        <Banner tone="error" title={t('merchant-form.plan.failed')}>
          <p>{describeError(change.error, t).detail}</p>
        </Banner>
      ) : null}
    </div>
  );
}
