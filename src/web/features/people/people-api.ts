import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiPath } from '../../../contract/endpoints.ts';
import type { Invitation, InvitationRequest, Person, PersonChange, SignInResult } from '../../../contract/people.ts';
import { apiCall, apiGet, apiPatch, apiPost } from '../../lib/api-client.ts';
import { peopleKey } from './people-keys.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const PeopleList = z.custom<Person[]>((v) => Array.isArray(v), 'not a list of people');
const OnePerson = z.custom<Person>((v) => isObject(v) && 'email' in v, 'not a person');
const OneInvitation = z.custom<Invitation>((v) => isObject(v) && 'person' in v, 'not an invitation');
const Accepted = z.custom<SignInResult>((v) => isObject(v) && 'next' in v, 'not a sign-in result');

export const peopleQuery = () =>
  queryOptions({ queryKey: peopleKey(), queryFn: async ({ signal }) => (await apiGet(apiPath('listPeople'), PeopleList, { signal, params: { limit: '100' } })).data, staleTime: 10_000 });

export const invitePerson = async (body: InvitationRequest) => (await apiPost(apiPath('invitePerson'), body, OneInvitation)).data;
export const changePerson = async (id: string, body: PersonChange) => (await apiPatch(apiPath('updatePerson', { id }), body, OnePerson)).data;
export const resetSecondFactor = async (id: string) => {
  await apiCall('DELETE', apiPath('resetPersonSecondFactor', { id }), null);
};
export const acceptInvitation = async (body: { token: string; name?: string; password: string }) => (await apiPost(apiPath('acceptInvitation'), body, Accepted)).data;
