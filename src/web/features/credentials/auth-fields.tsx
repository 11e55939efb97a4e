import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Provider } from '../../../contract/providers.ts';
import { fieldClassNames, FormField } from '../../components/form-field.tsx';
import type { CredentialFormValues } from './credential-schema.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './credential-form.module.css';

interface AuthFieldsProps {
  provider: Provider;
  register: UseFormRegister<CredentialFormValues>;
  errors: FieldErrors<CredentialFormValues>;
}

/** Provider descriptions end with jargon such as "(ISO 8583 field 42)": the form shows the plain part. */
export const plainHint = (text: string | undefined) => text?.replace(/\s*\(ISO [^)]*\)\s*$/, '');

/** The chosen provider's authenticationFields as inputs: a new provider shape needs no new code. */
export function AuthFields({ provider, register, errors }: AuthFieldsProps) {
  const t = useT();
  if (provider.authenticationFields.length === 0) {
    return <p className={styles.muted}>{t('credentials.create.noCodes', { acquirer: provider.displayName })}</p>;
  }
  return (
    <div className={styles.grid}>
      {provider.authenticationFields.map((field) => (
        <FormField
          key={`${provider.id}-${field.name}`}
          label={field.label}
          required={field.required}
          hint={plainHint(field.description)}
          error={errors.authenticationData?.[field.name]?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register(`authenticationData.${field.name}`)}
              type={field.secret ? 'password' : 'text'}
              className={`${fieldClassNames.input} ${fieldClassNames.mono}`}
              autoComplete={field.secret ? 'new-password' : 'off'}
              spellCheck={false}
              autoCapitalize="off"
              data-field={field.name}
            />
          )}
        </FormField>
      ))}
    </div>
  );
}
