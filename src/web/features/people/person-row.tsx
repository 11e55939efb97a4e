import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Person, PersonChange } from '../../../contract/people.ts';
import type { Role } from '../../../contract/roles.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { describeError } from '../../lib/problems/describe-error.ts';
import { changePerson, resetSecondFactor } from './people-api.ts';
import { peopleKey } from './people-keys.ts';
import { MerchantNames } from './merchant-names.tsx';
import { choiceBody, choiceComplete, RoleFields, type RoleChoice } from './role-fields.tsx';
import styles from './people.module.css';

const statusTone = { active: 'success', invited: 'info', disabled: 'neutral' } as const;

/** One person: role and merchants (editable), status, second factor, last sign-in, and the admin's actions. */
export function PersonRow({ person }: { person: Person }) {
  const t = useT();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<RoleChoice>({ role: person.role, merchants: person.merchants });
  const done = () => void client.invalidateQueries({ queryKey: peopleKey() });
  const change = useMutation({ mutationFn: (body: PersonChange) => changePerson(person.id, body), onSuccess: () => (setEditing(false), done()) });
  const reset = useMutation({ mutationFn: () => resetSecondFactor(person.id), onSuccess: done });
  const error = change.error ?? reset.error;
  const described = error ? describeError(error, t) : null;
  const roleText = (role: Role) => t(`people.roleName.${role}`);
  return (
    <tr data-testid="person-row">
      <th scope="row">
        <span className={styles.name}>{person.name}</span>
        <span className={styles.muted}>{person.email}</span>
      </th>
      <td>
        {editing ? (
          <RoleFields value={choice} onChange={setChoice} />
        ) : (
          <>
            {roleText(person.role)}
            <MerchantNames merchants={person.merchants} />
          </>
        )}
      </td>
      <td>
        <Badge tone={statusTone[person.status]}>{t(`people.status.${person.status}`)}</Badge>
      </td>
      <td>{t(person.secondFactor ? 'people.secondFactor.on' : 'people.secondFactor.off')}</td>
      <td className="tabular">{person.lastSignInAt ? formatDateTime(person.lastSignInAt) : t('people.never')}</td>
      <td>
        <div className={styles.actions}>
          {editing ? (
            <>
              <Button size="small" variant="primary" disabled={change.isPending || !choiceComplete(choice)} onClick={() => change.mutate(choiceBody(choice))}>
                {t('people.save')}
              </Button>
              <Button size="small" onClick={() => setEditing(false)}>
                {t('people.cancel')}
              </Button>
            </>
          ) : (
            <Button size="small" onClick={() => setEditing(true)} aria-label={t('people.changeRoleOf', { name: person.name })}>
              {t('people.changeRole')}
            </Button>
          )}
          {person.status === 'disabled' ? (
            <Button size="small" onClick={() => change.mutate({ status: 'active' })}>
              {t('people.enable')}
            </Button>
          ) : (
            <Button size="small" onClick={() => window.confirm(t('people.disableConfirm', { name: person.name })) && change.mutate({ status: 'disabled' })}>
              {t('people.disable')}
            </Button>
          )}
          {person.secondFactor ? (
            <Button size="small" onClick={() => window.confirm(t('people.resetConfirm', { name: person.name })) && reset.mutate()}>
              {t('people.resetSecondFactor')}
            </Button>
          ) : null}
        </div>
        {described ? (
          <p role="alert" className={styles.error}>
            {described.detail}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
