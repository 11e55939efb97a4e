import { useState, type FormEvent } from 'react';
import { passkeyNameMax, type Passkey } from '../../../contract/passkeys.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { removePasskey, renamePasskey } from './api/account-api.ts';
import styles from './account.module.css';

type Mode = { name: 'view' } | { name: 'rename'; value: string } | { name: 'remove'; password: string };

/** One passkey: its name, when it was added and last used; renamed in place, removed with the password (or a recent sign-in). */
export function PasskeyRow({ passkey, onChanged }: { passkey: Passkey; onChanged: () => Promise<unknown> }) {
  const t = useT();
  const [mode, setMode] = useState<Mode>({ name: 'view' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = (work: Promise<unknown>) => {
    setPending(true);
    setError(null);
    work.then(
      () => onChanged().then(() => setMode({ name: 'view' })),
      (failure: unknown) => setError(failure),
    ).finally(() => setPending(false));
  };
  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (mode.name === 'rename' && mode.value.trim() !== '') run(renamePasskey(passkey.id, mode.value.trim()));
  };
  const onRemove = (event: FormEvent) => {
    event.preventDefault();
    if (mode.name === 'remove') run(removePasskey(passkey.id, mode.password));
  };

  return (
    <li className={styles.session} data-testid="passkey">
      <div className={styles.sessionWhat}>
        <strong className={styles.passkeyName}>{passkey.name}</strong>
        {passkey.backedUp ? <Badge tone="info">{t('account.passkeys.synced')}</Badge> : null}
      </div>
      <dl className={styles.sessionFacts}>
        <dt>{t('account.passkeys.added')}</dt>
        <dd>
          <TimeText iso={passkey.createdAt} />
        </dd>
        <dt>{t('account.passkeys.lastUsed')}</dt>
        <dd>{passkey.lastUsedAt ? <TimeText iso={passkey.lastUsedAt} /> : t('account.passkeys.never')}</dd>
      </dl>
      {mode.name === 'view' ? (
        <div className={styles.actions}>
          <Button size="small" onClick={() => setMode({ name: 'rename', value: passkey.name })}>
            {t('account.passkeys.rename')}
          </Button>
          <Button size="small" onClick={() => setMode({ name: 'remove', password: '' })}>
            {t('account.passkeys.remove')}
          </Button>
        </div>
      ) : null}
      {mode.name === 'rename' ? (
        <form className={`${styles.form} ${styles.rowForm}`} onSubmit={onRename} noValidate>
          <FormField label={t('account.passkeys.newName', { name: passkey.name })} required>
            {(control) => <input {...control} className={fieldClassNames.input} maxLength={passkeyNameMax} autoFocus value={mode.value} onChange={(e) => setMode({ name: 'rename', value: e.target.value })} />}
          </FormField>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={pending}>
              {t('account.passkeys.save')}
            </Button>
            <Button onClick={() => setMode({ name: 'view' })}>{t('account.passkeys.cancel')}</Button>
          </div>
        </form>
      ) : null}
      {mode.name === 'remove' ? (
        <form className={`${styles.form} ${styles.rowForm} ${styles.confirm}`} onSubmit={onRemove} noValidate aria-label={t('account.passkeys.removeTitle', { name: passkey.name })}>
          <p>{t('account.passkeys.removeText')}</p>
          <FormField label={t('account.passkeys.password')} hint={t('account.passkeys.passwordHint')}>
            {(control) => (
              <input {...control} className={fieldClassNames.input} type="password" autoComplete="current-password" autoFocus value={mode.password} onChange={(e) => setMode({ name: 'remove', password: e.target.value })} />
            )}
          </FormField>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={pending}>
              {t('account.passkeys.removeYes')}
            </Button>
            <Button onClick={() => setMode({ name: 'view' })}>{t('account.passkeys.cancel')}</Button>
          </div>
        </form>
      ) : null}
      {error ? <ErrorState className={styles.rowForm} error={error} title={t(mode.name === 'remove' ? 'account.passkeys.removeFailed' : 'account.passkeys.renameFailed')} /> : null}
    </li>
  );
}
