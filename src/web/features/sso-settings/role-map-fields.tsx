import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '../../components/button.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { mappableRoles, type SsoFormValues } from './sso-settings-values.ts';
import styles from './sso-settings.module.css';

interface Props {
  control: Control<SsoFormValues>;
  register: UseFormRegister<SsoFormValues>;
  errors: FieldErrors<SsoFormValues>;
  disabled: boolean;
}

/** The claim-to-role mapping, in order (the first value the person holds wins): a row per value, added and removed by buttons. */
export function RoleMapFields({ control, register, errors, disabled }: Props) {
  const t = useT();
  const rows = useFieldArray({ control, name: 'roleMap' });
  return (
    <fieldset className={styles.mapping} disabled={disabled}>
      <legend>{t('sso-settings.mapping.title')}</legend>
      <p className={styles.hint}>{t('sso-settings.mapping.hint')}</p>
      {rows.fields.length === 0 ? <p className={styles.hint}>{t('sso-settings.mapping.none')}</p> : null}
      <ol className={styles.rows}>
        {rows.fields.map((row, i) => (
          <li key={row.id} className={styles.row}>
            <FormField label={t('sso-settings.mapping.value', { n: i + 1 })} required error={errors.roleMap?.[i]?.value?.message}>
              {(field) => <input {...field} {...register(`roleMap.${i}.value`)} className={fieldClassNames.input} autoComplete="off" spellCheck={false} />}
            </FormField>
            <FormField label={t('sso-settings.mapping.role', { n: i + 1 })} required error={errors.roleMap?.[i]?.role?.message}>
              {(field) => (
                <select {...field} {...register(`roleMap.${i}.role`)} className={fieldClassNames.select}>
                  {mappableRoles.map((role) => (
                    <option key={role} value={role}>
                      {t(`sso-settings.roleName.${role}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <Button onClick={() => rows.remove(i)} aria-label={t('sso-settings.mapping.removeRow', { n: i + 1 })}>
              {t('sso-settings.mapping.remove')}
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button onClick={() => rows.append({ value: '', role: 'read_only' }, { focusName: `roleMap.${rows.fields.length}.value` })}>{t('sso-settings.mapping.add')}</Button>
      </div>
    </fieldset>
  );
}
