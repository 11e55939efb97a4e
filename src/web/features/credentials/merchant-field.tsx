import { lazy, Suspense, useState } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { Me } from '../../../contract/me.ts';
import { formatCnpj, type Merchant } from '../../../contract/merchants.ts';
import { fieldClassNames, FormField } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import type { CredentialFormValues } from './credential-schema.ts';
import { MerchantCombobox } from '../../components/merchant-combobox/merchant-combobox.tsx';

// loads when "Add a merchant" is chosen: not part of the form's first load
const AddMerchantDialog = lazy(async () => ({ default: (await import('../../components/merchant-form/add-merchant-dialog.tsx')).AddMerchantDialog }));
// the picked merchant's price plan, seen and changed here (issue 25: onboarding picks a plan when connecting a merchant)
const MerchantPlanPanel = lazy(async () => ({ default: (await import('../../components/merchant-form/merchant-plan-panel.tsx')).MerchantPlanPanel }));

/** What the form shows of a picked merchant: its name and CNPJ, never the internal id. */
export type PickedMerchant = Pick<Merchant, 'id' | 'name'> & { taxId?: string; feePlanId?: string | null };

interface MerchantFieldProps {
  me: Me;
  register: UseFormRegister<CredentialFormValues>;
  control: Control<CredentialFormValues>;
  errors: FieldErrors<CredentialFormValues>;
  /** the merchant a draft or a link picked, when not among the token's own */
  known?: PickedMerchant;
  onPicked?: (merchant: PickedMerchant | null) => void;
}

/** Fixed for a merchant token; otherwise a combobox searching the organization's merchants (and adding one). */
export function MerchantField({ me, register, control, errors, known, onPicked }: MerchantFieldProps) {
  const t = useT();
  const error = errors.merchantId?.message;
  const [picked, setPicked] = useState(() => new Map<string, PickedMerchant>([...me.merchants, ...(known ? [known] : [])].map((m) => [m.id, m])));
  const [adding, setAdding] = useState<string | null>(null);
  const describe = (m: PickedMerchant | undefined) => (m?.taxId ? t('components.merchant.chosen', { name: m.name, cnpj: formatCnpj(m.taxId) }) : (m?.name ?? ''));
  if (me.merchantId) {
    const merchant = picked.get(me.merchantId);
    return (
      <FormField label={t('credentials.columns.merchant')} required hint={t('credentials.merchant.locked')} error={error}>
        {(field) => (
          <>
            <input {...field} value={describe(merchant) || me.merchantId || ''} readOnly className={fieldClassNames.input} />
            <input type="hidden" {...register('merchantId')} />
          </>
        )}
      </FormField>
    );
  }
  const mayAdd = me.scopes.includes('merchants:write');
  return (
    <Controller
      control={control}
      name="merchantId"
      render={({ field }) => {
        const pick = (m: PickedMerchant | null) => {
          if (m) setPicked((all) => new Map(all).set(m.id, m));
          field.onChange(m?.id ?? '');
          onPicked?.(m);
        };
        const chosen = field.value ? picked.get(field.value) : undefined;
        const plan = mayAdd && chosen?.feePlanId !== undefined ? { id: chosen.id, name: chosen.name, feePlanId: chosen.feePlanId } : null;
        return (
          <>
            <FormField label={t('credentials.columns.merchant')} required error={error} hint={chosen ? describe(chosen) : t('credentials.merchant.hint')}>
              {(ids) => (
                <>
                  <MerchantCombobox
                    control={ids}
                    value={field.value}
                    selectedName={chosen?.name}
                    onSelect={pick}
                    onBlur={field.onBlur}
                    onAddMerchant={mayAdd ? (text) => setAdding(text) : undefined}
                  />
                  {adding !== null ? (
                    <Suspense fallback={null}>
                      <AddMerchantDialog
                        initialName={adding}
                        onCancel={() => setAdding(null)}
                        onAdded={(m) => {
                          pick(m);
                          setAdding(null);
                        }}
                        onUseExisting={(m) => {
                          pick(m);
                          setAdding(null);
                        }}
                      />
                    </Suspense>
                  ) : null}
                </>
              )}
            </FormField>
            {plan ? (
              <Suspense fallback={null}>
                <MerchantPlanPanel key={plan.id} merchant={plan} onChanged={(m) => setPicked((all) => new Map(all).set(m.id, { ...all.get(m.id), ...m }))} />
              </Suspense>
            ) : null}
          </>
        );
      }}
    />
  );
}
