import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Invitation } from '../../../contract/people.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { FormField, fieldClassNames } from '../../components/form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { invitePerson } from './people-api.ts';
import { peopleKey } from './people-keys.ts';
import { choiceBody, choiceComplete, RoleFields, type RoleChoice } from './role-fields.tsx';
import styles from './people.module.css';

/** Invite an email with a role (and a merchant operator's merchants); without SMTP the link is shown here once, to pass on. */
export function InviteForm() {
  const t = useT();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [choice, setChoice] = useState<RoleChoice>({ role: 'read_only', merchants: [] });
  const [sent, setSent] = useState<Invitation | null>(null);
  const invite = useMutation({
    mutationFn: () => invitePerson({ email: email.trim(), ...choiceBody(choice) }),
    onSuccess: (invitation) => {
      setSent(invitation);
      setEmail('');
      void client.invalidateQueries({ queryKey: peopleKey() });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() !== '' && choiceComplete(choice)) invite.mutate();
  };
  const error = invite.error ? describeError(invite.error, t) : null;
  return (
    <section className={styles.panel} aria-labelledby="invite-title">
      <h2 id="invite-title">{t('people.invite.title')}</h2>
      <form className={styles.inviteForm} onSubmit={onSubmit} noValidate>
        <FormField label={t('people.email')} required>
          {(field) => <input {...field} type="email" className={fieldClassNames.input} autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </FormField>
        <RoleFields value={choice} onChange={setChoice} />
        <div>
          <Button type="submit" variant="primary" disabled={invite.isPending || email.trim() === '' || !choiceComplete(choice)}>
            {t('people.invite.submit')}
          </Button>
        </div>
      </form>
      {error ? (
        <Banner tone="error" title={error.title}>
          {error.detail}
        </Banner>
      ) : null}
      {sent ? (
        <Banner tone="notice" title={t(sent.link ? 'people.invite.linkTitle' : 'people.invite.mailedTitle', { email: sent.person.email })}>
          {sent.link ? (
            <>
              <p>{t('people.invite.linkText')}</p>
              <p className={styles.link}>
                <code data-testid="invitation-link">{sent.link}</code> <CopyButton text={sent.link} label={t('people.invite.copy')} />
              </p>
            </>
          ) : (
            <p>{t('people.invite.mailedText')}</p>
          )}
        </Banner>
      ) : null}
    </section>
  );
}
