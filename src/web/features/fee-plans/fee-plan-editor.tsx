import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { cardProducts, ratePattern, type FeePlan } from '../../../contract/fee-plans.ts';
import { Button } from '../../components/button.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { brasiliaTimeZone } from '../../../contract/time-zone.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { todayInput } from '../../lib/url-state-dates.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { savePlanVersion } from './fee-plans-api.ts';
import { feePlansKey } from './fee-plans-keys.ts';
import styles from './fee-plans.module.css';

const rateFields = [...cardProducts, 'pix', 'anticipationMonthly'] as const;
type RateField = (typeof rateFields)[number];

const tomorrow = () => {
  const today = todayInput(brasiliaTimeZone);
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
};

/** A new version of a plan from a date (tomorrow by default): the rates in percent, checked as the API checks them. */
export function FeePlanEditor({ plan, onDone }: { plan: FeePlan; onDone: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const [rates, setRates] = useState<Record<RateField, string>>(() => Object.fromEntries(rateFields.map((f) => [f, plan.latest.rates[f]])) as Record<RateField, string>);
  const [effectiveFrom, setEffectiveFrom] = useState(tomorrow);
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: () => savePlanVersion(plan, { effectiveFrom, rates: { ...plan.latest.rates, ...rates }, terms: plan.latest.terms }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: feePlansKey() });
      onDone();
    },
  });
  const invalid = (f: RateField) => (touched && !ratePattern.test(rates[f]) ? t('fee-plans.rateInvalid') : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (rateFields.some((f) => !ratePattern.test(rates[f]))) return;
    save.mutate();
  };
  const problem = save.isError ? describeError(save.error, t) : null;
  return (
    <form className={styles.editor} onSubmit={submit} noValidate aria-label={t('fee-plans.editTitle', { name: plan.name })}>
      <div className={styles.fields}>
        {rateFields.map((f) => (
          <FormField key={f} label={t(`fee-plans.rate.${f}`)} error={invalid(f)} required>
            {(control) => (
              <input
                {...control}
                className={fieldClassNames.input}
                inputMode="decimal"
                value={rates[f]}
                onChange={(e) => setRates((r) => ({ ...r, [f]: e.target.value.replace(',', '.') }))}
              />
            )}
          </FormField>
        ))}
        <FormField label={t('fee-plans.effectiveFrom')} hint={t('fee-plans.effectiveHint')} required>
          {(control) => <input {...control} className={fieldClassNames.input} type="date" value={effectiveFrom} onChange={(e) => setEffectiveFrom(e.target.value)} />}
        </FormField>
      </div>
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem.status === 412 ? t('fee-plans.stale') : `${problem.title}: ${problem.detail}`}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? t('fee-plans.saving') : t('fee-plans.save')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('fee-plans.cancel')}
        </Button>
      </div>
    </form>
  );
}
