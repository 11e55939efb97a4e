import { useQuery } from '@tanstack/react-query';
import type { PricePlanChoice } from '../../../contract/fee-plans.ts';
import { fieldClassNames, FormField } from '../form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { pricePlansQuery } from './price-plans.ts';

interface Props {
  /** a plan id, or '' for the organization's default */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
}

/**
 * The price plan a merchant pays: "Default (<name>)" first — what a merchant without a plan of its own pays —
 * then the organization's other price plans; the hint shows the chosen plan's rates in force today.
 */
export function PricePlanSelect({ value, onChange, error, label }: Props) {
  const t = useT();
  const plans = useQuery(pricePlansQuery());
  const all = plans.data ?? [];
  const fallback = all.find((p) => p.isDefault);
  const chosen = value === '' ? fallback : all.find((p) => p.id === value);
  const hint = plans.isError ? t('merchant-form.plan.unavailable') : chosen ? ratesText(t, chosen) : t('merchant-form.plan.loading');
  return (
    <FormField label={label ?? t('merchant-form.plan.label')} hint={hint} error={error}>
      {(control) => (
        <select {...control} name="feePlanId" className={fieldClassNames.select} value={value} onChange={(e) => onChange(e.target.value)} disabled={!plans.isSuccess}>
          <option value="">{fallback ? t('merchant-form.plan.default', { name: fallback.name }) : t('merchant-form.plan.defaultUnnamed')}</option>
          {all
            .filter((p) => !p.isDefault)
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </select>
      )}
    </FormField>
  );
}

const ratesText = (t: ReturnType<typeof useT>, plan: PricePlanChoice) =>
  t('merchant-form.plan.rates', { debit: plan.rates.debit, credit: plan.rates.credit, pix: plan.rates.pix, from: plan.effectiveFrom });
