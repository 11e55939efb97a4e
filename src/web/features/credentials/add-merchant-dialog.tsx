import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { cnpjCheckDigitsValid, cnpjDigits, type Merchant } from '../../../contract/merchants.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { fieldClassNames, FormField } from '../../components/form-field.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { createMerchant } from './api/merchants.ts';
import styles from './connections.module.css';

type Field = 'name' | 'taxId' | 'mcc';

/** "Add a merchant" (merchants:write): name, CNPJ (check digits verified here and by the server), MCC. */
export function AddMerchantDialog({ initialName, onAdded, onCancel }: { initialName: string; onAdded: (merchant: Merchant) => void; onCancel: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ name: initialName, taxId: '', mcc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const mutation = useMutation({ mutationFn: createMerchant, onSuccess: onAdded });

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    const name = values.name.trim();
    if (name.length < 2 || name.length > 120) found.name = t('credentials.addMerchant.nameRule');
    const digits = cnpjDigits(values.taxId);
    if (digits === null) found.taxId = t('credentials.addMerchant.cnpjShape');
    else if (!cnpjCheckDigitsValid(digits)) found.taxId = t('credentials.addMerchant.cnpjDigits');
    if (!/^\d{4}$/.test(values.mcc.trim())) found.mcc = t('credentials.addMerchant.mccRule');
    return found;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const found = check();
    setErrors(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first) return dialog.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    mutation.mutate({ name: values.name.trim(), taxId: values.taxId.trim(), mcc: values.mcc.trim() });
  };
  const input = (field: Field, label: string, hint?: string) => (
    <FormField label={label} required error={errors[field]} hint={hint}>
      {(control) => (
        <input
          {...control}
          name={field}
          value={values[field]}
          inputMode={field === 'name' ? 'text' : 'numeric'}
          className={fieldClassNames.input}
          autoComplete="off"
          onChange={(e) => setValues({ ...values, [field]: e.target.value })}
        />
      )}
    </FormField>
  );
  // Portalled to <body>: a form inside the connection form would be a nested form.
  return createPortal(
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="add-merchant-title" onCancel={onCancel}>
      <form onSubmit={submit} noValidate className={styles.dialogForm}>
        <h2 id="add-merchant-title" className={styles.dialogTitle}>
          {t('credentials.addMerchant.title')}
        </h2>
        {mutation.isError ? (
          <Banner tone="error" title={t('credentials.addMerchant.failed')}>
            <p>{describeError(mutation.error, t).detail}</p>
          </Banner>
        ) : null}
        {input('name', t('credentials.addMerchant.name'))}
        {input('taxId', t('credentials.addMerchant.cnpj'), t('credentials.addMerchant.cnpjHint'))}
        {input('mcc', t('credentials.addMerchant.mcc'), t('credentials.addMerchant.mccHint'))}
        <div className={styles.dialogActions}>
          <Button onClick={onCancel}>{t('credentials.confirm.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={mutation.isPending}>
            {t('credentials.addMerchant.submit')}
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
