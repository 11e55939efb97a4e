import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useHasScope } from '../../lib/scopes/has-scopes.ts';
import { InviteForm } from './invite-form.tsx';
import { peopleQuery } from './people-api.ts';
import { PersonRow } from './person-row.tsx';
import layout from '../../components/page-layout.module.css';
import table from '../../components/simple-table.module.css';

/** Admins: the organization's people, their roles, and invitations. */
export function PeoplePage() {
  const t = useT();
  const query = useQuery(peopleQuery());
  const canWrite = useHasScope('people:write');
  return (
    <section className={layout.page} aria-labelledby="people-title">
      <header className={layout.header}>
        <div>
          <h1 id="people-title">{t('people.title')}</h1>
          <p className={layout.subtitle}>{t('people.subtitle')}</p>
        </div>
      </header>
      {canWrite ? <InviteForm /> : null}
      {query.isPending ? <Skeleton label={t('people.loading')} /> : null}
      {query.isError ? <ErrorState title={t('people.error')} error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <div className={table.wrap}>
          <table className={table.table}>
            <caption className="visually-hidden">{t('people.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('people.person')}</th>
                <th scope="col">{t('people.role')}</th>
                <th scope="col">{t('people.statusHeader')}</th>
                <th scope="col">{t('people.secondFactor.header')}</th>
                <th scope="col">{t('people.lastSignIn')}</th>
                <th scope="col">{t('people.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((person) => (
                <PersonRow key={person.id} person={person} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
