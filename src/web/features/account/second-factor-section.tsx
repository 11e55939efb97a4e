import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Account, TotpEnrolment } from '../../../contract/people.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { accountKey } from './api/account-keys.ts';
import { confirmSecondFactor, renewRecoveryCodes, startSecondFactor } from './api/account-api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import styles from './account.module.css';

type Step = { name: 'idle' } | { name: 'enrolling'; enrolment: TotpEnrolment } | { name: 'codes'; codes: string[] };

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The authenticator app (TOTP): enrol with the QR code or the secret, confirm with the first code, then the recovery codes once. */
export function SecondFactorSection({ account }: { account: Account }) {
  const t = useT();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const enrolled = account.person.secondFactor;

  const run = <T,>(work: () => Promise<T>, then: (value: T) => void) => {
    setPending(true);
    setError(null);
    work().then(
      (value) => {
        setPending(false);
        then(value);
      },
      (failure: unknown) => {
        setPending(false);
        if (isApiError(failure) && failure.status === 400 && step.name === 'enrolling') setCodeError(t('account.factor.codeWrong'));
        else setError(failure);
      },
    );
  };
  const start = () => run(startSecondFactor, (enrolment) => {
    setCode('');
    setCodeError(null);
    setStep({ name: 'enrolling', enrolment });
  });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) return setCodeError(t('account.factor.codeSix'));
    run(() => confirmSecondFactor(value), (codes) => {
      setStep({ name: 'codes', codes });
      void client.invalidateQueries({ queryKey: accountKey() });
    });
  };
  const renew = () => run(renewRecoveryCodes, (codes) => {
    setStep({ name: 'codes', codes });
    void client.invalidateQueries({ queryKey: accountKey() });
  });

  return (
    <section className={styles.section} aria-labelledby="account-factor">
      <h2 id="account-factor">
        {t('account.factor.title')}{' '}
        <Badge tone={enrolled ? 'success' : 'warning'}>{t(enrolled ? 'account.factor.on' : 'account.factor.off')}</Badge>
      </h2>
      <p className={styles.lead}>{enrolled ? t('account.factor.onText', { count: account.recoveryCodesLeft }) : t('account.factor.offText')}</p>
      {error ? <ErrorState error={error} title={t('account.factor.failed')} /> : null}
      {step.name === 'codes' ? <RecoveryCodes codes={step.codes} organization={account.organization.name} onDone={() => setStep({ name: 'idle' })} /> : null}
      {step.name === 'enrolling' ? (
        <div className={styles.enrol}>
          <img className={styles.qr} src={step.enrolment.qrCode} alt={t('account.factor.qrAlt')} width={176} height={176} />
          <div className={styles.enrolSteps}>
            <p>{t('account.factor.scan')}</p>
            <p className={styles.secretLine}>
              <span>{t('account.factor.secret')}</span> <code data-testid="totp-secret">{grouped(step.enrolment.secret)}</code>
              <CopyButton text={step.enrolment.secret} label={t('account.factor.secretCopy')} />
            </p>
            <form className={styles.form} onSubmit={confirm} noValidate>
              <FormField label={t('account.factor.code')} hint={t('account.factor.codeHint')} error={codeError ?? undefined} required>
                {(control) => <input {...control} className={fieldClassNames.input} autoComplete="one-time-code" inputMode="numeric" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />}
              </FormField>
              <div className={styles.actions}>
                <Button type="submit" variant="primary" disabled={pending}>
                  {t('account.factor.confirm')}
                </Button>
                <Button onClick={() => setStep({ name: 'idle' })}>{t('account.factor.cancel')}</Button>
              </div>
            </form>
          </div>
        </div>
      ) : null}
      {step.name === 'idle' ? (
        <div className={styles.actions}>
          <Button variant={enrolled ? 'secondary' : 'primary'} onClick={start} disabled={pending}>
            {t(enrolled ? 'account.factor.replace' : 'account.factor.add')}
          </Button>
          {enrolled ? (
            <Button onClick={renew} disabled={pending}>
              {t('account.factor.renew')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
