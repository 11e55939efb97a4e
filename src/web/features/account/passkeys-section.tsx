import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { passkeyNameMax } from '../../../contract/passkeys.ts';
import type { Account } from '../../../contract/people.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { passkeyCancelled, passkeysSupported } from '../../lib/passkey-ceremony.ts';
import { accountPasskeysKey } from './api/account-keys.ts';
import { addPasskey, passkeysQuery } from './api/account-api.ts';
import { PasskeyRow } from './passkey-row.tsx';
import styles from './account.module.css';

type AddState = { name: 'idle' | 'pending' | 'cancelled' } | { name: 'added'; passkey: string } | { name: 'failed'; error: unknown };

/**
 * Passkeys: a stronger second factor than the app's code (the browser signs for this site only, so it cannot be
 * phished), and a sign-in of its own. Added after the authenticator app, whose recovery codes stay the way back.
 */
export function PasskeysSection({ account }: { account: Account }) {
  const t = useT();
  const client = useQueryClient();
  const passkeys = useQuery(passkeysQuery());
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [state, setState] = useState<AddState>({ name: 'idle' });
  const refresh = () => client.invalidateQueries({ queryKey: accountPasskeysKey() });
  const supported = passkeysSupported();
  const canAdd = account.person.secondFactor && supported;

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim();
    setNameError(chosen === '' ? t('account.passkeys.nameEmpty') : null);
    if (chosen === '' || state.name === 'pending') return;
    setState({ name: 'pending' });
    addPasskey(chosen).then(
      (added) => {
        setName('');
        setState({ name: 'added', passkey: added.name });
        return refresh();
      },
      (error: unknown) => setState(passkeyCancelled(error) ? { name: 'cancelled' } : { name: 'failed', error }),
    );
  };

  return (
    <section className={styles.section} aria-labelledby="account-passkeys">
      <h2 id="account-passkeys">{t('account.passkeys.title')}</h2>
      <p className={styles.lead}>{t('account.passkeys.lead')}</p>
      {!account.person.secondFactor ? <p className={styles.lead}>{t('account.passkeys.appFirst')}</p> : null}
      {account.person.secondFactor && !supported ? <p className={styles.lead}>{t('account.passkeys.unsupported')}</p> : null}
      {passkeys.isPending ? <Skeleton lines={2} label={t('account.passkeys.loading')} /> : null}
      {passkeys.isError ? <ErrorState error={passkeys.error} title={t('account.passkeys.loadFailed')} onRetry={() => void passkeys.refetch()} retrying={passkeys.isFetching} /> : null}
      {passkeys.data && passkeys.data.length > 0 ? (
        <ul className={styles.sessions} aria-label={t('account.passkeys.listLabel')}>
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onChanged={refresh} />
          ))}
        </ul>
      ) : null}
      {passkeys.data?.length === 0 && account.person.secondFactor ? <p>{t('account.passkeys.none')}</p> : null}
      {state.name === 'added' ? <Banner tone="info" title={t('account.passkeys.addedTitle')}>{t('account.passkeys.addedText', { name: state.passkey })}</Banner> : null}
      {state.name === 'cancelled' ? <Banner tone="notice" title={t('account.passkeys.cancelledTitle')}>{t('account.passkeys.cancelledText')}</Banner> : null}
      {state.name === 'failed' ? <ErrorState error={state.error} title={t('account.passkeys.addFailed')} /> : null}
      {canAdd ? (
        <form className={styles.form} onSubmit={onAdd} noValidate>
          <FormField label={t('account.passkeys.name')} hint={t('account.passkeys.nameHint')} error={nameError ?? undefined} required>
            {(control) => <input {...control} className={fieldClassNames.input} maxLength={passkeyNameMax} value={name} onChange={(e) => setName(e.target.value)} />}
          </FormField>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={state.name === 'pending'}>
              {state.name === 'pending' ? t('account.passkeys.adding') : t('account.passkeys.add')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
