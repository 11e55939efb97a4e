import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/authenticate.ts';
import { checkSessionOrigin, type SessionSettings } from '../auth/session-cookie.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { sendList } from '../lists/list-route.ts';
import { invitationLink, type InvitationMailer } from '../people/invitation-mail.ts';
import { acceptInvitation, inviteEmail } from '../people/invitations.ts';
import { changePerson, endSessions, findPerson, personView, resetSecondFactor, type PersonRow } from '../people/people-store.ts';
import { merchantsOfPeople } from '../people/person-merchants.ts';
import { startPersonSession } from '../sign-in/session-start.ts';
import { peopleList } from './people-list.ts';

export interface PeopleOptions {
  sessions: SessionSettings;
  /** SMTP_URL set: invitations are mailed; null: the link is answered once to the admin */
  mailer: InvitationMailer | null;
  /** PUBLIC_URL: the dashboard's address in invitation links; absent: the address the request came to */
  dashboardUrl: string | undefined;
}

const tags = ['people'];

/** /v1/people (extension): the organization's people, invitations, roles, disabling and second-factor resets. */
export function peoplePlugin(app: ApiInstance, options: PeopleOptions, done: () => void): void {
  const db = app.database.db;
  /** People as the API shows them, each with their merchants. */
  const viewsOf = async (rows: PersonRow[]) => {
    const merchantsOf = await merchantsOfPeople(db, rows.map((r) => r.id));
    return rows.map((row) => personView(row, merchantsOf.get(row.id)));
  };
  const personOf = async (request: FastifyRequest, id: string) => {
    const person = await findPerson(db, callerOf(request).organizationId, id);
    if (!person) throw new ApiProblem({ status: 404, detail: `No person ${id} in this organization.` });
    return person;
  };

  app.route({
    ...endpoint('listPeople', {
      summary: 'The organization’s people: role, merchants, status, second factor, last sign-in (extension)',
      tags,
    }),
    handler: async (request, reply) => sendList(app, request, reply, peopleList, request.query, viewsOf),
  });

  app.route({
    ...endpoint('invitePerson', {
      summary: 'Invite an email with a role (and the merchants of a merchant operator) (extension)',
      description:
        'The link works once, for 72 hours. With SMTP_URL it is mailed (`delivery: email`); without, it is in this answer only (`delivery: link`): ' +
        'pass it on to the person. Inviting an email again before it was accepted sends a new link with the new role and merchants; the older link stops working. ' +
        'A merchant operator needs `merchantIds`, one or more merchants of the organization; 422 for an empty set, an unknown merchant, or merchants with another role.',
      tags,
    }),
    config: { audit: { action: 'person.invite', target: 'person' } },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const issued = await inviteEmail(db, { ...request.body, organizationId: caller.organizationId, invitedBy: caller.personId ?? null, mode: caller.mode });
      const link = invitationLink(options.dashboardUrl ?? `${request.protocol}://${request.host}`, issued.token);
      const delivery = options.mailer ? 'email' : 'link';
      const [invited] = await viewsOf([issued.person]);
      request.auditNote = { targetId: issued.person.id, details: { email: issued.person.email, role: issued.person.role, merchantIds: invited?.merchantIds ?? [], delivery } };
      if (options.mailer) {
        const inviter = caller.personId ? ((await findPerson(db, null, caller.personId))?.name ?? caller.organizationName) : caller.organizationName;
        try {
          await options.mailer.send({ to: issued.person.email, name: issued.person.name, inviter, organization: caller.organizationName, link });
        } catch (error) {
          request.log.warn({ err: error }, 'invitation mail not sent');
          throw new ApiProblem({ status: 502, type: 'mail-not-sent', detail: 'The mail server did not take the invitation: try again (a new invitation replaces this one).' });
        }
      }
      const answer = { person: invited ?? personView(issued.person), expiresAt: issued.expiresAt.toISOString(), delivery, ...(options.mailer ? {} : { link }) } as const;
      return reply.code(201).send(answer);
    },
  });

  app.route({
    ...endpoint('acceptInvitation', {
      summary: 'Accept an invitation: the token of the link, a password (and a name); signs the person in (extension)',
      description:
        'The token is the part after `#token=` of the invitation link (a fragment: browsers never send it to a server). 404: unknown (or replaced by a ' +
        'newer invitation); 409: already used; 410: expired. The password follows the sign-in rules (at least 15 characters, not a common password).',
      tags,
      security: [],
    }),
    config: { audit: { action: 'person.invitation_accept', target: 'person' } },
    handler: async (request, reply) => {
      // a page of another origin may not sign this browser in; API clients send no Origin
      if (request.headers.origin !== undefined) checkSessionOrigin(request);
      const person = await acceptInvitation(db, request.body);
      request.auditNote = { targetId: person.id, actor: { organizationId: person.organizationId, actor: { kind: 'person', id: person.id } } };
      await startPersonSession(db, request, reply, options.sessions, person);
      return { next: 'signed_in' as const, secondFactorEnrolled: false };
    },
  });

  app.route({
    ...endpoint('updatePerson', {
      summary: 'Change a person’s role or merchants, disable or enable them; a change ends their sessions (extension)',
      description:
        'The last active admin of the organization can be neither demoted nor disabled (409 `last-admin`). `merchantIds` replaces a merchant operator’s set ' +
        '(one or more; 422 for an empty set, an unknown merchant, or merchants with another role); a role changed away from merchant operator drops the set.',
      tags,
    }),
    config: { audit: { action: 'person.update', target: 'person' } },
    handler: async (request) => {
      const person = await personOf(request, request.params.id);
      const [before] = await viewsOf([person]);
      const from = { role: person.role, merchantIds: before?.merchantIds ?? [], status: person.status };
      // a refused change is recorded with what was asked; a done one with what it became
      request.auditNote = { details: { from, to: request.body } };
      const [after] = await viewsOf([await changePerson(db, person, request.body)]);
      if (after) request.auditNote = { details: { from, to: { role: after.role, merchantIds: after.merchantIds, status: after.status } } };
      return after;
    },
  });

  app.route({
    ...endpoint('resetPersonSecondFactor', {
      summary: 'Remove a person’s authenticator app, recovery codes and passkeys (a lost phone); ends their sessions (extension)',
      description: 'They sign in with the password alone and enrol a new app under My account.',
      tags,
    }),
    config: { audit: { action: 'person.second_factor_reset', target: 'person' } },
    handler: async (request, reply) => {
      const person = await personOf(request, request.params.id);
      await db.transaction(async (tx) => {
        await resetSecondFactor(tx, person.id);
        await endSessions(tx, person.id);
      });
      return reply.code(204).send(null);
    },
  });
  done();
}
