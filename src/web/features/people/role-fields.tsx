import { roleNames, roles, type Role } from '../../../contract/roles.ts';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { MerchantMultiSelect, type ChosenMerchant } from '../../components/merchant-combobox/merchant-multi-select.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './people.module.css';

export interface RoleChoice {
  role: Role;
  /** a merchant operator's merchants (one or more); empty for the other roles */
  merchants: ChosenMerchant[];
}

/** True when the choice can be sent: a merchant operator names at least one merchant. */
export const choiceComplete = (choice: RoleChoice): boolean => !roles[choice.role].merchantLimited || choice.merchants.length > 0;

/** The request's part of a choice: merchantIds only for a merchant-limited role. */
export const choiceBody = (choice: RoleChoice) => ({ role: choice.role, merchantIds: roles[choice.role].merchantLimited ? choice.merchants.map((m) => m.id) : [] });

/** A role, and the merchants a merchant operator acts for (shown only for that role; one or more). */
export function RoleFields({ value, onChange }: { value: RoleChoice; onChange: (next: RoleChoice) => void }) {
  const t = useT();
  const limited = roles[value.role].merchantLimited;
  return (
    <div className={styles.roleFields}>
      <FormField label={t('people.role')} required hint={t(`people.roleHint.${value.role}`)}>
        {(field) => (
          <select {...field} className={fieldClassNames.select} value={value.role} onChange={(e) => onChange({ ...value, role: e.target.value as Role })}>
            {roleNames.map((role) => (
              <option key={role} value={role}>
                {t(`people.roleName.${role}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {limited ? (
        <FormField label={t('people.merchants')} required hint={t('people.merchantsHint')} className={styles.merchantsField}>
          {(field) => <MerchantMultiSelect control={field} value={value.merchants} onChange={(merchants) => onChange({ ...value, merchants })} />}
        </FormField>
      ) : null}
    </div>
  );
}
