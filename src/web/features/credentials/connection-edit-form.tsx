import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';
import type { Credential } from '../../../contract/credentials.ts';
import type { Provider } from '../../../contract/providers.ts';
import { Button } from '../../components/button.tsx';
import { fieldClassNames, FormField } from '../../components/form-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { fetchConnection, patchConnection } from './api/connections.ts';
import { connectionHistoryKey, connectionKey, connectionListsKey } from './api/credentials-keys.ts';
import { plainHint } from './auth-fields.tsx';
import { fieldSchema } from './credential-schema.ts';
import { EditProblemBanner, type EditProblem } from './edit-problem-banner.tsx';
import { existingCredentialId, mapProblemToFields } from './problem-fields.ts';
import styles from './credential-form.module.css';

type Values = Record<string, string>;

/**
 * Edit of the authentication values with the provider's rules. The ETag is the one read when editing began, so
 * a change someone else saved meanwhile is a 412: the banner shows the current values and the next save uses them.
 * Secret fields start empty; left empty they keep their value. Saving never enables a disabled connection.
 */
export function ConnectionEditForm({ credential, etag, provider, onDone }: { credential: Credential; etag: string; provider: Provider; onDone: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const [baseEtag, setBaseEtag] = useState(etag);
  const [problem, setProblem] = useState<EditProblem | null>(null);
  const banner = useRef<HTMLDivElement>(null);
  const fields = provider.authenticationFields;
  const initial: Values = Object.fromEntries(fields.map((f) => [f.name, f.secret ? '' : (credential.authenticationData[f.name] ?? '')]));
  const schema = z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(t, f, f.secret || !f.required)])));
  const { register, handleSubmit, setError, formState } = useForm<Values>({ resolver: zodResolver(schema) as unknown as Resolver<Values>, defaultValues: initial, mode: 'onTouched' });
  const showProblem = (next: EditProblem) => {
    setProblem(next);
    requestAnimationFrame(() => banner.current?.focus());
  };

  const mutation = useMutation({
    mutationFn: (changes: Values) => patchConnection(credential.id, baseEtag, { authenticationData: changes }),
    onSuccess: (result) => {
      client.setQueryData(connectionKey(credential.id), result);
      void client.invalidateQueries({ queryKey: connectionHistoryKey(credential.id) });
      void client.invalidateQueries({ queryKey: connectionListsKey() });
      onDone();
    },
    onError: async (error) => {
      if (isApiError(error) && error.status === 412) {
        const current = await fetchConnection(credential.id).catch(() => null);
        if (current) {
          client.setQueryData(connectionKey(credential.id), current);
          setBaseEtag(current.etag);
        }
        showProblem({ kind: 'stale', current: current?.credential ?? null });
        return;
      }
      if (isApiError(error) && error.status === 409) {
        showProblem({ kind: 'duplicate', existingId: existingCredentialId(error.problem) });
        return;
      }
      const mapped = mapProblemToFields(isApiError(error) ? error.problem : null, provider);
      mapped.fields.forEach((f, i) => setError(f.name.replace(/^authenticationData\./, ''), { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
      if (mapped.fields.length === 0) showProblem({ kind: 'other', detail: describeError(error, t).detail });
    },
  });

  const onValid = (values: Values) => {
    const changes: Values = {};
    for (const f of fields) {
      const value = (values[f.name] ?? '').trim();
      if (f.secret && value === '') continue;
      if (value !== (credential.authenticationData[f.name] ?? '')) changes[f.name] = value;
    }
    if (Object.keys(changes).length === 0) return showProblem({ kind: 'unchanged' });
    mutation.mutate(changes);
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('credentials.edit.title')}
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      onChange={() => {
        if (problem && problem.kind !== 'stale') setProblem(null);
      }}
    >
      {problem ? <EditProblemBanner ref={banner} problem={problem} provider={provider} /> : null}
      <div className={styles.grid}>
        {fields.map((field) => (
          <FormField key={field.name} label={field.label} required={field.required && !field.secret} hint={field.secret ? t('credentials.edit.secretHint') : plainHint(field.description)} error={formState.errors[field.name]?.message}>
            {(control) => (
              <input
                {...control}
                {...register(field.name)}
                type={field.secret ? 'password' : 'text'}
                className={`${fieldClassNames.input} ${fieldClassNames.mono}`}
                autoComplete={field.secret ? 'new-password' : 'off'}
                spellCheck={false}
                autoCapitalize="off"
              />
            )}
          </FormField>
        ))}
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('credentials.edit.saving') : t('credentials.edit.save')}
        </Button>
        <Button onClick={onDone}>{t('credentials.confirm.cancel')}</Button>
        {credential.enabled ? null : <span className={styles.muted}>{t('credentials.edit.staysDisabled')}</span>}
      </div>
    </form>
  );
}
