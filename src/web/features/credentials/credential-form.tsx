import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { Credential, CredentialInput } from '../../../contract/credentials.ts';
import type { Me } from '../../../contract/me.ts';
import type { Provider } from '../../../contract/providers.ts';
import { Button } from '../../components/button.tsx';
import { fieldClassNames, FormField } from '../../components/form-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { createCredential } from './api/create-credential.ts';
import { AuthFields } from './auth-fields.tsx';
import { clearDraft, saveDraft, type DraftMerchant } from './credential-draft.ts';
import styles from './credential-form.module.css';
import { buildCredentialSchema, toCredentialInput, type CredentialFormValues } from './credential-schema.ts';
import { FormErrorBanner, toFormError, type FormError } from './form-error-banner.tsx';
import { MerchantField } from './merchant-field.tsx';
import { mapProblemToFields } from './problem-fields.ts';
import { StatusField } from './status-field.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';

export interface CredentialFormProps {
  me: Me;
  providers: Provider[];
  defaults?: Partial<CredentialFormValues>;
  /** the merchant of `defaults` as shown (name and CNPJ), when the token's own list lacks it */
  defaultMerchant?: DraftMerchant;
  submit?: (input: CredentialInput, idempotencyKey: string) => Promise<Credential>;
  onCreated: (credential: Credential, provider: Provider) => void;
}

export function CredentialForm({ me, providers, defaults, defaultMerchant, submit = createCredential, onCreated }: CredentialFormProps) {
  const t = useT();
  const resolver: Resolver<CredentialFormValues> = (values, context, options) =>
    zodResolver(buildCredentialSchema(t, providers.find((p) => p.id === values.providerId)), undefined, { raw: true })(values, context, options);
  const { register, handleSubmit, setError, control, formState } = useForm<CredentialFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      merchantId: me.merchantId ?? defaults?.merchantId ?? (me.merchants.length === 1 ? (me.merchants[0]?.id ?? '') : ''),
      providerId: defaults?.providerId ?? '',
      status: defaults?.status ?? 'connected',
      authenticationData: defaults?.authenticationData ?? {},
    },
  });
  const providerId = useWatch({ control, name: 'providerId' });
  const watched = useWatch({ control });
  const provider = providers.find((p) => p.id === providerId);
  const [formError, setFormError] = useState<FormError | null>(null);
  const banner = useRef<HTMLDivElement>(null);
  const idempotency = useIdempotencyKey();
  const [merchant, setMerchant] = useState<DraftMerchant | undefined>(defaultMerchant);

  // The draft follows every change (this tab's sessionStorage, secret fields left out): a reload loses nothing else.
  useEffect(() => {
    saveDraft(watched, provider, providers, merchant);
  }, [watched, provider, providers, merchant]);

  // Editing any field makes the last answer stale: its banner goes away with the first change.
  const [answered, setAnswered] = useState(watched);
  if (formError && watched !== answered && JSON.stringify(watched) !== JSON.stringify(answered)) {
    setFormError(null);
  }
  useEffect(() => {
    if (formError && formError.fieldCount === 0) banner.current?.focus();
  }, [formError]);

  const mutation = useMutation({
    mutationFn: ({ input, key }: { input: CredentialInput; key: string; provider: Provider; values: CredentialFormValues }) => submit(input, key),
    onSuccess: (credential, { provider: chosen }) => {
      idempotency.settled(false);
      clearDraft();
      onCreated(credential, chosen);
    },
    onError: (error, { provider: chosen, values }) => {
      idempotency.settled(isApiError(error) && error.kind === 'network');
      if (isApiError(error) && error.status === 401) {
        saveDraft(values, chosen, providers, merchant);
        return;
      }
      const mapped = mapProblemToFields(isApiError(error) ? error.problem : null, chosen);
      mapped.fields.forEach((f, i) => setError(f.name, { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
      setAnswered(values);
      setFormError(toFormError(t, error, mapped));
    },
  });

  const onValid = (values: CredentialFormValues) => {
    if (!provider || mutation.isPending) return;
    const input = toCredentialInput(values, provider);
    setFormError(null);
    mutation.mutate({ input, key: idempotency.keyFor(input), provider, values });
  };

  const errors = formState.errors;
  return (
    <form className={styles.form} onSubmit={(e) => void handleSubmit(onValid)(e)} noValidate aria-label={t('credentials.create.title')}>
      {formError ? <FormErrorBanner ref={banner} error={formError} /> : null}
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('credentials.create.merchantAndAcquirer')}</legend>
        <div className={styles.grid}>
          <MerchantField me={me} register={register} control={control} errors={errors} known={defaultMerchant} onPicked={(m) => setMerchant(m ?? undefined)} />
          <FormField label={t('credentials.columns.acquirer')} required error={errors.providerId?.message} hint={provider ? t('credentials.create.capture') : undefined}>
            {(field) => (
              <select {...field} {...register('providerId')} className={fieldClassNames.select}>
                <option value="">{t('credentials.create.chooseAcquirer')}</option>
                {providers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.displayName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{provider ? t('credentials.create.codesOf', { acquirer: provider.displayName }) : t('credentials.create.codes')}</legend>
        {provider ? <AuthFields provider={provider} register={register} errors={errors} /> : <p className={styles.muted}>{t('credentials.create.chooseFirst')}</p>}
      </fieldset>
      <StatusField register={register} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('credentials.create.connecting') : t('credentials.create.submit')}
        </Button>
        {mutation.isPending ? (
          <span role="status" className={styles.muted}>
            {t('credentials.create.sending')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
