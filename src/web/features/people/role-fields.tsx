import { roleNames, roles, type Role } from '../../../contract/roles.ts';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import styles from './people.module.css';

export interface RoleChoice {
  role: Role;
  merchantId: string | null;
}

/** A role, and the merchant a merchant operator acts for (shown only for that role). */
export function RoleFields({ value, onChange }: { value: RoleChoice; onChange: (next: RoleChoice) => void }) {
  const t = useT();
  const me = useMe();
  const limited = roles[value.role].merchantLimited;
  return (
    <div className={styles.roleFields}>
      <FormField label={t('people.role')} required hint={t(`people.roleHint.${value.role}`)}>
        {(field) => (
          <select
            {...field}
            className={fieldClassNames.select}
            value={value.role}
            onChange={(e) => {
              const role = e.target.value as Role;
              onChange({ role, merchantId: roles[role].merchantLimited ? (value.merchantId ?? me.merchants[0]?.id ?? null) : null });
            }}
          >
            {roleNames.map((role) => (
              <option key={role} value={role}>
                {t(`people.roleName.${role}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {limited ? (
        <FormField label={t('people.merchant')} required>
          {(field) => (
            <select {...field} className={fieldClassNames.select} value={value.merchantId ?? ''} onChange={(e) => onChange({ ...value, merchantId: e.target.value })}>
              {me.merchants.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
    </div>
  );
}
