import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { saveDraft } from './credential-draft.ts';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { Credential, CredentialInput } from '../../../contract/credentials.ts';
import type { Me } from '../../../contract/me.ts';
import type { Provider } from '../../../contract/providers.ts';
import { Button } from '../../components/button.tsx';
import { fieldClassNames, FormField } from '../../components/form-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { createCredential } from './api/create-credential.ts';
import { AuthFields } from './auth-fields.tsx';
import styles from './credential-form.module.css';
import { buildCredentialSchema, toCredentialInput, type CredentialFormValues } from './credential-schema.ts';
import { FormErrorBanner, toFormError, type FormError } from './form-error-banner.tsx';
import { MerchantField } from './merchant-field.tsx';
import { mapProblemToFields } from './problem-fields.ts';
import { StatusField } from './status-field.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';
import { useT } from '../../lib/i18n/i18n.tsx';

export interface CredentialFormProps {
  me: Me;
  providers: Provider[];
  defaults?: Partial<CredentialFormValues>;
  submit?: (input: CredentialInput, idempotencyKey: string) => Promise<Credential>;
  onCreated: (credential: Credential, provider: Provider) => void;
}

export function CredentialForm({ me, providers, defaults, submit = createCredential, onCreated }: CredentialFormProps) {
  const resolver: Resolver<CredentialFormValues> = (values, context, options) =>
    zodResolver(buildCredentialSchema(providers.find((p) => p.id === values.providerId)), undefined, { raw: true })(values, context, options);
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
  const merchantId = useWatch({ control, name: 'merchantId' });
  const provider = providers.find((p) => p.id === providerId);
  const [formError, setFormError] = useState<FormError | null>(null);
  const idempotency = useIdempotencyKey();
  const t = useT();

  const mutation = useMutation({
    mutationFn: ({ input, key }: { input: CredentialInput; key: string; provider: Provider; values: CredentialFormValues }) => submit(input, key),
    onSuccess: (credential, { provider: chosen }) => {
      idempotency.settled(false);
      onCreated(credential, chosen);
    },
    onError: (error, { provider: chosen, values }) => {
      idempotency.settled(isApiError(error) && error.kind === 'network');
      if (isApiError(error) && error.status === 401) {
        saveDraft(values, chosen);
        return;
      }
      const mapped = mapProblemToFields(isApiError(error) ? error.problem : null, chosen);
      mapped.fields.forEach((f, i) => setError(f.name, { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
      setFormError(toFormError(error, mapped, t));
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
    <form className={styles.form} onSubmit={(e) => void handleSubmit(onValid)(e)} noValidate aria-label="Connect an acquirer">
      {formError ? <FormErrorBanner error={formError} /> : null}
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Merchant and acquirer</legend>
        <div className={styles.grid}>
          <MerchantField me={me} register={register} errors={errors} selectedId={merchantId} />
          <FormField label="Provider" required error={errors.providerId?.message} hint={provider ? `Capture: card present (EMV)` : undefined}>
            {(control) => (
              <select {...control} {...register('providerId')} className={fieldClassNames.select}>
                <option value="">Choose a provider…</option>
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
        <legend className={styles.legend}>{provider ? `${provider.displayName} credentials` : 'Acquirer credentials'}</legend>
        {provider ? (
          <AuthFields provider={provider} register={register} errors={errors} />
        ) : (
          <p className={styles.muted}>Choose a provider to see the codes it needs.</p>
        )}
      </fieldset>
      <StatusField register={register} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Connecting…' : 'Connect acquirer'}
        </Button>
        {mutation.isPending ? (
          <span role="status" className={styles.muted}>
            Sending…
          </span>
        ) : null}
      </div>
    </form>
  );
}
