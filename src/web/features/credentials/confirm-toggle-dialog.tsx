import { useEffect, useRef } from 'react';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './connections.module.css';

export interface ConfirmToggleProps {
  /** what the change affects, in words: acquirer, merchant, MID and TID */
  subject: string;
  /** true: the connection is enabled now and would be disabled */
  disabling: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation (native <dialog>: focus is trapped, Escape cancels) naming what the switch affects. */
export function ConfirmToggleDialog({ subject, disabling, onConfirm, onCancel }: ConfirmToggleProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="toggle-title" aria-describedby="toggle-text" onCancel={onCancel}>
      <h2 id="toggle-title" className={styles.dialogTitle}>
        {disabling ? t('credentials.confirm.disableTitle') : t('credentials.confirm.enableTitle')}
      </h2>
      <div id="toggle-text">
        <p className={styles.subject}>{subject}</p>
        <p>{disabling ? t('credentials.confirm.disableEffect') : t('credentials.confirm.enableEffect')}</p>
      </div>
      <div className={styles.dialogActions}>
        <Button onClick={onCancel}>{t('credentials.confirm.cancel')}</Button>
        <Button variant="primary" onClick={onConfirm} autoFocus>
          {disabling ? t('credentials.actions.disable') : t('credentials.actions.enable')}
        </Button>
      </div>
    </dialog>
  );
}
