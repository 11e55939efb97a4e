import { useMutation } from '@tanstack/react-query';
import { use, useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { cnpjCheckDigitsValid, cnpjDigits, formatCnpj, type Merchant } from '../../../contract/merchants.ts';
import { Banner } from '../banner.tsx';
import { Button } from '../button.tsx';
import { fieldClassNames, FormField } from '../form-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { loadFeatureMessages, useT } from '../../lib/i18n/i18n.tsx';
import { createMerchant } from './create-merchant.ts';
import { PricePlanSelect } from './price-plan-select.tsx';
import { merchantsSearchPath } from './merchant-form-paths.ts';
import styles from './merchant-form.module.css';

type Field = 'name' | 'taxId' | 'mcc';

/** The merchant that already has the CNPJ, from the 409's problem (existingId, existingName). */
export type ExistingMerchant = Pick<Merchant, 'id' | 'name' | 'taxId'>;

export interface AddMerchantDialogProps {
  initialName: string;
  onAdded: (merchant: Merchant) => void;
  onCancel: () => void;
  /** offered beside "Open it" when the CNPJ is taken (the connect form picks that merchant) */
  onUseExisting?: (merchant: ExistingMerchant) => void;
}

// its texts are a bundle of their own (tools/i18n-messages.ts lazyComponentBundles), asked for with its code
const texts = loadFeatureMessages('merchant-form');

/**
 * "Add a merchant" (merchants:write): name, CNPJ (check digits verified here and by the server), MCC, and the price
 * plan it pays (the organization's default unless another is picked). A CNPJ the
 * organization already has names that merchant and links it ("Open it": the Merchants page searched by the CNPJ).
 */
export function AddMerchantDialog({ initialName, onAdded, onCancel, onUseExisting }: AddMerchantDialogProps) {
  use(texts);
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ name: initialName, taxId: '', mcc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // '' : the organization's default plan
  const [feePlanId, setFeePlanId] = useState('');
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const mutation = useMutation({ mutationFn: createMerchant, onSuccess: onAdded });
  const problem = isApiError(mutation.error) && mutation.error.status === 409 ? mutation.error.problem : null;
  const planRefused = isApiError(mutation.error) && (mutation.error.problem?.errors ?? []).some((e) => e.pointer === '/feePlanId');
  const existing: ExistingMerchant | null =
    problem?.existingId && problem.existingName ? { id: problem.existingId, name: problem.existingName, taxId: cnpjDigits(mutation.variables?.taxId ?? '') ?? '' } : null;

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    const name = values.name.trim();
    if (name.length < 2 || name.length > 120) found.name = t('merchant-form.nameRule');
    const digits = cnpjDigits(values.taxId);
    if (digits === null) found.taxId = t('merchant-form.cnpjShape');
    else if (!cnpjCheckDigitsValid(digits)) found.taxId = t('merchant-form.cnpjDigits');
    if (!/^\d{4}$/.test(values.mcc.trim())) found.mcc = t('merchant-form.mccRule');
    return found;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const found = check();
    setErrors(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first) return dialog.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    mutation.mutate({ name: values.name.trim(), taxId: values.taxId.trim(), mcc: values.mcc.trim(), ...(feePlanId === '' ? {} : { feePlanId }) });
  };
  const input = (field: Field, label: string, hint?: string) => (
    <FormField label={label} required error={errors[field]} hint={hint}>
      {(control) => (
        <input
          {...control}
          name={field}
          value={values[field]}
          inputMode={field === 'name' ? 'text' : 'numeric'}
          className={field === 'name' ? fieldClassNames.input : `${fieldClassNames.input} ${fieldClassNames.mono}`}
          autoComplete="off"
          onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          // a CNPJ of the right shape is shown written 00.000.000/0000-00
          onBlur={field === 'taxId' ? () => setValues((v) => ({ ...v, taxId: formatCnpj(cnpjDigits(v.taxId) ?? v.taxId.trim()) })) : undefined}
        />
      )}
    </FormField>
  );
  // Portalled to <body>: a form inside the connection form would be a nested form.
  return createPortal(
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="add-merchant-title" onCancel={onCancel}>
      <form onSubmit={submit} noValidate className={styles.form}>
        <h2 id="add-merchant-title" className={styles.title}>
          {t('merchant-form.title')}
        </h2>
        {existing ? (
          <Banner tone="error" title={t('merchant-form.duplicate', { name: existing.name })}>
            <div className={styles.existing}>
              <Link to={merchantsSearchPath(existing.taxId || existing.name)} onClick={onCancel}>
                {t('merchant-form.openExisting')}
              </Link>
              {onUseExisting ? (
                <Button size="small" onClick={() => onUseExisting(existing)}>
                  {t('merchant-form.useExisting', { name: existing.name })}
                </Button>
              ) : null}
            </div>
          </Banner>
        ) : mutation.isError && !planRefused ? (
          <Banner tone="error" title={t('merchant-form.failed')}>
            <p>{describeError(mutation.error, t).detail}</p>
          </Banner>
        ) : null}
        {input('name', t('merchant-form.name'))}
        {input('taxId', t('merchant-form.cnpj'), t('merchant-form.cnpjHint'))}
        {input('mcc', t('merchant-form.mcc'), t('merchant-form.mccHint'))}
        <PricePlanSelect value={feePlanId} onChange={setFeePlanId} error={planRefused ? t('merchant-form.plan.invalid') : undefined} />
        <div className={styles.actions}>
          <Button onClick={onCancel}>{t('merchant-form.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={mutation.isPending}>
            {t('merchant-form.submit')}
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
