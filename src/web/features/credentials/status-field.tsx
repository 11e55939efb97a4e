import type { UseFormRegister } from 'react-hook-form';
import type { CredentialFormValues } from './credential-schema.ts';
import styles from './credential-form.module.css';

/** connected (enabled at once) or disconnected (stored, not used yet). */
export function StatusField({ register }: { register: UseFormRegister<CredentialFormValues> }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Status</legend>
      <div className={styles.radios}>
        <label className={styles.radio}>
          <input type="radio" value="connected" {...register('status')} />
          <span>
            <strong>Connected</strong>
            <span className={styles.muted}> · enabled at once</span>
          </span>
        </label>
        <label className={styles.radio}>
          <input type="radio" value="disconnected" {...register('status')} />
          <span>
            <strong>Disconnected</strong>
            <span className={styles.muted}> · saved but not enabled</span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
