import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { RoleMapFields } from './role-map-fields.tsx';
import { saveSsoSettings, type SsoSettings } from './sso-settings-api.ts';
import { ssoSettingsKey } from './sso-settings-keys.ts';
import { emptyValues, fieldErrors, inputOf, mappableRoles, ssoFormSchema, valuesOf, type SsoFormValues } from './sso-settings-values.ts';
import styles from './sso-settings.module.css';

type TextField = 'issuer' | 'clientId' | 'clientSecret' | 'scopes' | 'allowedDomains' | 'roleClaim';
/** the write-only secret: a password field that no browser fills with a saved password */
const secretInput = { type: 'password', autoComplete: 'new-password' } as const;
const urlInput = { type: 'url' } as const;

/**
 * Creates or replaces the organization's single sign-on. The client secret is write-only: empty keeps the one set.
 * The server checks the issuer by OpenID discovery; each refusal shows at its field. A save made against an older
 * read (412) says so and keeps what was typed.
 */
export function SsoSettingsForm({ current, canWrite, onSaved }: { current: SsoSettings | null; canWrite: boolean; onSaved: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const secretSet = current?.config.clientSecretSet ?? false;
  const { register, handleSubmit, setError, control, reset, formState } = useForm<SsoFormValues>({
    resolver: zodResolver(ssoFormSchema(t, secretSet)) as unknown as Resolver<SsoFormValues>,
    defaultValues: current ? valuesOf(current.config) : emptyValues,
    mode: 'onTouched',
  });
  const save = useMutation({
    mutationFn: (values: SsoFormValues) => saveSsoSettings(current?.etag ?? null, inputOf(values)),
    onSuccess: (next) => {
      client.setQueryData(ssoSettingsKey(), next);
      reset(valuesOf(next.config));
      onSaved();
    },
    onError: (error) => {
      const fields = fieldErrors(isApiError(error) ? error.problem : null, t);
      fields.forEach((f, i) => setError(f.name, { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
      if (isApiError(error) && error.status === 412) void client.invalidateQueries({ queryKey: ssoSettingsKey() });
    },
  });
  const problem = save.error && fieldErrors(isApiError(save.error) ? save.error.problem : null, t).length === 0 ? describeError(save.error, t) : null;
  const stale = isApiError(save.error) && save.error.status === 412;
  const text = (name: TextField, options: { required?: boolean; hint?: string; type?: string; autoComplete?: string } = {}) => (
    <FormField label={t(`sso-settings.field.${name}`)} required={options.required ?? false} hint={options.hint} error={formState.errors[name]?.message}>
      {(field) => <input {...field} {...register(name)} type={options.type ?? 'text'} className={fieldClassNames.input} autoComplete={options.autoComplete ?? 'off'} spellCheck={false} autoCapitalize="off" />}
    </FormField>
  );

  return (
    <form className={styles.form} noValidate aria-labelledby="sso-form-title" onSubmit={(e) => void handleSubmit((values) => save.mutate(values))(e)}>
      <h2 id="sso-form-title">{t(current ? 'sso-settings.form.editTitle' : 'sso-settings.form.newTitle')}</h2>
      <fieldset className={styles.grid} disabled={!canWrite}>
        {text('issuer', { required: true, hint: t('sso-settings.hint.issuer'), ...urlInput })}
        {text('clientId', { required: true })}
        {text('clientSecret', { required: !secretSet, ...secretInput, hint: t(secretSet ? 'sso-settings.hint.secretKept' : 'sso-settings.hint.secretNew') })}
        {text('scopes', { required: true, hint: t('sso-settings.hint.scopes') })}
        {text('allowedDomains', { hint: t('sso-settings.hint.domains') })}
        {text('roleClaim', { required: true, hint: t('sso-settings.hint.roleClaim') })}
        <FormField label={t('sso-settings.field.defaultRole')} hint={t('sso-settings.hint.defaultRole')} error={formState.errors.defaultRole?.message}>
          {(field) => (
            <select {...field} {...register('defaultRole')} className={fieldClassNames.select}>
              <option value="">{t('sso-settings.noDefaultRole')}</option>
              {mappableRoles.map((role) => (
                <option key={role} value={role}>
                  {t(`sso-settings.roleName.${role}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </fieldset>
      <RoleMapFields control={control} register={register} errors={formState.errors} disabled={!canWrite} />
      {stale ? <Banner tone="error" title={t('sso-settings.stale.title')}>{t('sso-settings.stale.text')}</Banner> : null}
      {problem && !stale ? (
        <Banner tone="error" title={problem.title}>
          {problem.detail}
        </Banner>
      ) : null}
      {canWrite ? (
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? t('sso-settings.saving') : t('sso-settings.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
