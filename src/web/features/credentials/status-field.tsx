import type { UseFormRegister } from 'react-hook-form';
import type { CredentialFormValues } from './credential-schema.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './credential-form.module.css';

/** connected (enabled at once) or disconnected (stored, not used yet). */
export function StatusField({ register }: { register: UseFormRegister<CredentialFormValues> }) {
  const t = useT();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('credentials.columns.status')}</legend>
      <div className={styles.radios}>
        <label className={styles.radio}>
          <input type="radio" value="connected" {...register('status')} />
          <span>
            <strong>{t('credentials.status.enabled')}</strong>
            <span className={styles.muted}> · {t('credentials.create.enabledNow')}</span>
          </span>
        </label>
        <label className={styles.radio}>
          <input type="radio" value="disconnected" {...register('status')} />
          <span>
            <strong>{t('credentials.status.disabled')}</strong>
            <span className={styles.muted}> · {t('credentials.create.savedDisabled')}</span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
