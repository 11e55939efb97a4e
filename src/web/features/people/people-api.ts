import { queryOptions } from '@tanstack/react-query';
import type { Invitation, InvitationAccept, InvitationRequest, Person, PersonChange, SignInResult } from '../../../contract/people.ts';
import { api } from '../../lib/api-client.ts';
import { arrayOf, objectWith } from '../../lib/shape.ts';
import { peopleKey } from './people-keys.ts';

const PeopleList = arrayOf<Person>('a list of people');
const OnePerson = objectWith<Person>('a person', 'email');
const OneInvitation = objectWith<Invitation>('an invitation', 'person');
const Accepted = objectWith<SignInResult>('a sign-in result', 'next');

export const peopleQuery = () =>
  queryOptions({ queryKey: peopleKey(), queryFn: async ({ signal }) => (await api('listPeople', PeopleList, { signal, query: { limit: '100' } })).data, staleTime: 10_000 });

export const invitePerson = async (body: InvitationRequest) => (await api('invitePerson', OneInvitation, { body })).data;
export const changePerson = async (id: string, body: PersonChange) => (await api('updatePerson', OnePerson, { path: { id }, body })).data;
export const resetSecondFactor = async (id: string) => {
  await api('resetPersonSecondFactor', null, { path: { id } });
};
export const acceptInvitation = async (body: InvitationAccept) => (await api('acceptInvitation', Accepted, { body })).data;
