import { useState } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { Me } from '../../../contract/me.ts';
import { fieldClassNames, FormField } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { AddMerchantDialog } from './add-merchant-dialog.tsx';
import type { CredentialFormValues } from './credential-schema.ts';
import { MerchantCombobox } from './merchant-combobox.tsx';

interface MerchantFieldProps {
  me: Me;
  register: UseFormRegister<CredentialFormValues>;
  control: Control<CredentialFormValues>;
  errors: FieldErrors<CredentialFormValues>;
}

/** Fixed for a merchant token; otherwise a combobox searching the organization's merchants (and adding one). */
export function MerchantField({ me, register, control, errors }: MerchantFieldProps) {
  const t = useT();
  const error = errors.merchantId?.message;
  const [names, setNames] = useState(() => new Map(me.merchants.map((m) => [m.id, m.name])));
  const [adding, setAdding] = useState<string | null>(null);
  if (me.merchantId) {
    const name = me.merchants.find((m) => m.id === me.merchantId)?.name;
    return (
      <FormField label={t('credentials.columns.merchant')} required hint={name ? t('credentials.merchant.lockedNamed', { name }) : t('credentials.merchant.locked')} error={error}>
        {(field) => <input {...field} {...register('merchantId')} readOnly className={`${fieldClassNames.input} ${fieldClassNames.mono}`} />}
      </FormField>
    );
  }
  const mayAdd = me.scopes.includes('merchants:write');
  return (
    <Controller
      control={control}
      name="merchantId"
      render={({ field }) => (
        <FormField label={t('credentials.columns.merchant')} required error={error} hint={field.value ? t('credentials.merchant.chosen', { id: field.value }) : t('credentials.merchant.hint')}>
          {(ids) => (
            <>
              <MerchantCombobox
                control={ids}
                value={field.value}
                selectedName={names.get(field.value)}
                onSelect={(m) => {
                  if (m) setNames((all) => new Map(all).set(m.id, m.name));
                  field.onChange(m?.id ?? '');
                }}
                onBlur={field.onBlur}
                onAddMerchant={mayAdd ? (text) => setAdding(text) : undefined}
              />
              {adding !== null ? (
                <AddMerchantDialog
                  initialName={adding}
                  onCancel={() => setAdding(null)}
                  onAdded={(m) => {
                    setNames((all) => new Map(all).set(m.id, m.name));
                    field.onChange(m.id);
                    setAdding(null);
                  }}
                />
              ) : null}
            </>
          )}
        </FormField>
      )}
    />
  );
}
