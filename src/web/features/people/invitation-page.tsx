import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { startSession } from '../../lib/session.ts';
import { acceptInvitation } from './people-api.ts';
import styles from './people.module.css';

/** The token of the link: in the fragment, which the browser never sends to a server. */
const tokenFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** `/invitation#token=…`: the invited person chooses a name and a password, and is signed in. */
export function InvitationPage() {
  const t = useT();
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    acceptInvitation({ token, password, ...(name.trim() ? { name: name.trim() } : {}) }).then(
      () => {
        // the token leaves the address bar: the page is not kept with it in the history
        window.history.replaceState(null, '', '/');
        startSession(null);
        void navigate('/', { replace: true });
      },
      (failure: unknown) => {
        setError(failure);
        setPending(false);
      },
    );
  };
  const described = error ? describeError(error, t) : null;
  return (
    <main id="main" className={styles.card}>
      <h1>{t('people.accept.title')}</h1>
      <p>{t('people.accept.lead')}</p>
      {token === '' ? <Banner tone="error" title={t('people.accept.noToken')} /> : null}
      {described ? (
        <Banner tone="error" title={described.title}>
          {described.detail}
        </Banner>
      ) : null}
      <form onSubmit={onSubmit} noValidate className={styles.roleFields}>
        <FormField label={t('people.accept.name')}>
          {(field) => <input {...field} className={fieldClassNames.input} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField label={t('people.accept.password')} hint={t('people.accept.passwordHint')} required>
          {(field) => <input {...field} type="password" className={fieldClassNames.input} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </FormField>
        <div>
          <Button type="submit" variant="primary" disabled={pending || token === ''}>
            {t('people.accept.submit')}
          </Button>
        </div>
      </form>
      <LanguageSwitch />
    </main>
  );
}
