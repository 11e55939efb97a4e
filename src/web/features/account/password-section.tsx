import { useState, type FormEvent } from 'react';
import { maxPasswordLength, minPasswordLength } from '../../../contract/people.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { changePassword } from './api/account-api.ts';
import { passwordProblems, type PasswordProblems } from './password-rules.ts';
import styles from './account.module.css';

/** Change the password: the current one and a new one (NIST rules: length, no common password), every other session ends. */
export function PasswordSection() {
  const t = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [shown, setShown] = useState(false);
  const [problems, setProblems] = useState<PasswordProblems>({ current: null, next: null });
  const [state, setState] = useState<{ name: 'idle' | 'pending' | 'done' } | { name: 'failed'; error: unknown }>({ name: 'idle' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const local: PasswordProblems = {
      current: current === '' ? t('account.password.currentEmpty') : null,
      next: next.length < minPasswordLength ? t('account.password.rule.minLength', { min: String(minPasswordLength) }) : next.length > maxPasswordLength ? t('account.password.rule.maxLength', { max: String(maxPasswordLength) }) : null,
    };
    setProblems(local);
    if (local.current || local.next || state.name === 'pending') return;
    setState({ name: 'pending' });
    changePassword(current, next).then(
      () => {
        setCurrent('');
        setNext('');
        setState({ name: 'done' });
      },
      (error: unknown) => {
        const fields = passwordProblems(error, t);
        if (fields) setProblems(fields);
        setState(fields ? { name: 'idle' } : { name: 'failed', error });
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="account-password">
      <h2 id="account-password">{t('account.password.title')}</h2>
      <p className={styles.lead}>{t('account.password.lead')}</p>
      {state.name === 'done' ? <Banner tone="info" title={t('account.password.changed')}>{t('account.password.changedText')}</Banner> : null}
      {state.name === 'failed' ? <ErrorState error={state.error} title={t('account.password.failed')} /> : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormField label={t('account.password.current')} error={problems.current ?? undefined} required>
          {(control) => <input {...control} className={fieldClassNames.input} type={shown ? 'text' : 'password'} autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />}
        </FormField>
        <FormField label={t('account.password.new')} hint={t('account.password.rules', { min: String(minPasswordLength) })} error={problems.next ?? undefined} required>
          {(control) => <input {...control} className={fieldClassNames.input} type={shown ? 'text' : 'password'} autoComplete="new-password" maxLength={maxPasswordLength} value={next} onChange={(e) => setNext(e.target.value)} />}
        </FormField>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={state.name === 'pending'}>
            {state.name === 'pending' ? t('account.password.saving') : t('account.password.save')}
          </Button>
          <Button onClick={() => setShown((s) => !s)} aria-pressed={shown}>
            {t('account.password.show')}
          </Button>
        </div>
      </form>
    </section>
  );
}
