import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './sign-in-page.module.css';

/** A labelled input of the sign-in forms, its error (or hint) tied to it for screen readers. */
export function SignInField({ label, error, hint, after, ...input }: ComponentPropsWithRef<'input'> & { label: string; error: string | null; hint?: string; after?: ReactNode }) {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input id={id} className={styles.input} spellCheck={false} autoCapitalize="off" aria-invalid={error ? true : undefined} aria-describedby={note ? `${id}-note` : undefined} {...input} />
        {after}
      </div>
      {note ? (
        <p id={`${id}-note`} className={error ? styles.fieldError : styles.hint}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
