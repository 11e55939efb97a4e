import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { Invitation, InvitationAccept, InvitationRequest, Person, PersonChange, SignInResult } from '../../../contract/people.ts';
import { api } from '../../lib/api-client.ts';
import { peopleKey } from './people-keys.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const PeopleList = z.custom<Person[]>((v) => Array.isArray(v), 'not a list of people');
const OnePerson = z.custom<Person>((v) => isObject(v) && 'email' in v, 'not a person');
const OneInvitation = z.custom<Invitation>((v) => isObject(v) && 'person' in v, 'not an invitation');
const Accepted = z.custom<SignInResult>((v) => isObject(v) && 'next' in v, 'not a sign-in result');

export const peopleQuery = () =>
  queryOptions({ queryKey: peopleKey(), queryFn: async ({ signal }) => (await api('listPeople', PeopleList, { signal, query: { limit: '100' } })).data, staleTime: 10_000 });

export const invitePerson = async (body: InvitationRequest) => (await api('invitePerson', OneInvitation, { body })).data;
export const changePerson = async (id: string, body: PersonChange) => (await api('updatePerson', OnePerson, { path: { id }, body })).data;
export const resetSecondFactor = async (id: string) => {
  await api('resetPersonSecondFactor', null, { path: { id } });
};
export const acceptInvitation = async (body: InvitationAccept) => (await api('acceptInvitation', Accepted, { body })).data;
