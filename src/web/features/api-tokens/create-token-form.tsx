import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Scope, TokenMode } from '../../../contract/enums.ts';
import type { CreatedApiToken } from '../../../contract/people.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { createApiToken } from './api-tokens-api.ts';
import { apiTokensKey } from './api-tokens-keys.ts';
import styles from './api-tokens.module.css';

/** A machine token: name, scopes (those the maker has), mode, merchant limit; the secret is shown here once. */
export function CreateTokenForm() {
  const t = useT();
  const me = useMe();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Scope[]>([]);
  const [mode, setMode] = useState<TokenMode>(me.mode);
  const [merchantId, setMerchantId] = useState(me.merchantIds?.[0] ?? '');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const create = useMutation({
    mutationFn: () => createApiToken({ name: name.trim(), scopes: chosen, mode, merchantId: merchantId || null }),
    onSuccess: (result) => {
      setCreated(result);
      setName('');
      setChosen([]);
      void client.invalidateQueries({ queryKey: apiTokensKey() });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '' && chosen.length > 0) create.mutate();
  };
  const toggle = (scope: Scope) => setChosen((list) => (list.includes(scope) ? list.filter((s) => s !== scope) : [...list, scope]));
  const error = create.error ? describeError(create.error, t) : null;
  return (
    <section className={styles.panel} aria-labelledby="create-token-title">
      <h2 id="create-token-title">{t('api-tokens.create.title')}</h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormField label={t('api-tokens.name')} required>
          {(field) => <input {...field} className={fieldClassNames.input} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField label={t('api-tokens.mode')} required>
          {(field) => (
            <select {...field} className={fieldClassNames.select} value={mode} onChange={(e) => setMode(e.target.value as TokenMode)}>
              <option value="test">{t('api-tokens.modeName.test')}</option>
              <option value="live">{t('api-tokens.modeName.live')}</option>
            </select>
          )}
        </FormField>
        <FormField label={t('api-tokens.merchant')}>
          {(field) => (
            <select {...field} className={fieldClassNames.select} value={merchantId} disabled={me.merchantIds?.length === 1} onChange={(e) => setMerchantId(e.target.value)}>
              {me.merchantIds === null ? <option value="">{t('api-tokens.everyMerchant')}</option> : null}
              {me.merchants.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <fieldset className={styles.scopes}>
          <legend>{t('api-tokens.scopes')}</legend>
          {me.scopes.map((scope) => (
            <label key={scope} className={styles.scope}>
              <input type="checkbox" checked={chosen.includes(scope)} onChange={() => toggle(scope)} /> <code>{scope}</code>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="primary" disabled={create.isPending || name.trim() === '' || chosen.length === 0}>
            {t('api-tokens.create.submit')}
          </Button>
        </div>
      </form>
      {error ? (
        <Banner tone="error" title={error.title}>
          {error.detail}
        </Banner>
      ) : null}
      {created ? (
        <Banner tone="notice" title={t('api-tokens.created.title', { name: created.token.name })}>
          <p>{t('api-tokens.created.text')}</p>
          <p className={styles.secret}>
            <code data-testid="token-secret">{created.secret}</code> <CopyButton text={created.secret} label={t('api-tokens.created.copy')} />
          </p>
        </Banner>
      ) : null}
    </section>
  );
}
