import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Me } from '../../../contract/me.ts';
import { fieldClassNames, FormField } from '../../components/form-field.tsx';
import type { CredentialFormValues } from './credential-schema.ts';

interface MerchantFieldProps {
  me: Me;
  register: UseFormRegister<CredentialFormValues>;
  errors: FieldErrors<CredentialFormValues>;
  /** the merchant chosen so far, shown with its id */
  selectedId?: string;
}

/** Fixed for a merchant token; a select of the token's merchants; free text when none are listed. */
export function MerchantField({ me, register, errors, selectedId }: MerchantFieldProps) {
  const error = errors.merchantId?.message;
  if (me.merchantId) {
    const name = me.merchants.find((m) => m.id === me.merchantId)?.name;
    return (
      <FormField label="Merchant" required hint={name ? `${name}: this access token is limited to this merchant.` : 'This access token is limited to this merchant.'} error={error}>
        {(control) => <input {...control} {...register('merchantId')} readOnly className={`${fieldClassNames.input} ${fieldClassNames.mono}`} />}
      </FormField>
    );
  }
  if (me.merchants.length > 0) {
    return (
      <FormField label="Merchant" required error={error} hint={selectedId ? <>ID <code>{selectedId}</code></> : undefined}>
        {(control) => (
          <select {...control} {...register('merchantId')} className={fieldClassNames.select}>
            <option value="">Choose a merchant…</option>
            {me.merchants.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
    );
  }
  return (
    <FormField label="Merchant ID" required hint='1 to 64 letters, digits, "_" or "-".' error={error}>
      {(control) => (
        <input {...control} {...register('merchantId')} className={`${fieldClassNames.input} ${fieldClassNames.mono}`} autoComplete="off" spellCheck={false} />
      )}
    </FormField>
  );
}
