import { ifMatchHeader, responseHeaders } from '../../contract/headers.ts';
import { callerOf } from '../auth/authenticate.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { deleteSsoConfig, notConfigured, readSsoConfigRow, replaceSsoConfig, ssoConfigEtag, ssoConfigView } from './sso-config-admin.ts';

const tags = ['access'];

/** GET, PUT and DELETE /v1/sso/config: the organization's single sign-on, for admins (people:read, people:write). */
export function ssoConfigRoutes(app: ApiInstance, sealingKey: Buffer | null): void {
  const db = app.database.db;

  app.route({
    ...endpoint('getSsoConfig', {
      summary: 'The organization’s single sign-on configuration, without the client secret (extension)',
      description: '`source: environment`: written from the OIDC_* variables at every start, read-only here. 404 when none is set.',
      tags,
    }),
    handler: async (request, reply) => {
      const row = await readSsoConfigRow(db, callerOf(request).organizationId);
      if (!row) throw notConfigured();
      return reply.header(responseHeaders.etag, ssoConfigEtag(row)).send(ssoConfigView(row));
    },
  });

  app.route({
    ...endpoint('replaceSsoConfig', {
      summary: 'Set or replace the organization’s single sign-on; the issuer is checked by OpenID discovery (extension)',
      description:
        'Without If-Match when none is set (201), with the ETag read otherwise (428 without, 412 stale). 422 names each bad field (issuer not answering its ' +
        'discovery document, a domain, an unknown role, merchant_operator in the mapping). The client secret is sealed; an empty or absent one keeps the ' +
        'secret set. 409 when the server’s environment (OIDC_ISSUER) manages it.',
      tags,
    }),
    config: { audit: { action: 'sso_config.update', target: 'sso_config' } },
    handler: async (request, reply) => {
      const { organizationId } = callerOf(request);
      const { row, created, secretChanged } = await replaceSsoConfig(db, sealingKey, organizationId, request.headers[ifMatchHeader], request.body);
      const view = ssoConfigView(row);
      const { clientSecretSet: _set, updatedAt: _at, source: _source, ...settings } = view;
      request.auditNote = { targetId: organizationId, details: { created, secretChanged, ...settings } };
      return reply.code(created ? 201 : 200).header(responseHeaders.etag, ssoConfigEtag(row)).send(view);
    },
  });

  app.route({
    ...endpoint('deleteSsoConfig', {
      summary: 'Remove the organization’s single sign-on (extension)',
      description: 'If-Match required. 409 when the server’s environment manages it, or when no active admin could sign in without it.',
      tags,
    }),
    config: { audit: { action: 'sso_config.delete', target: 'sso_config' } },
    handler: async (request, reply) => {
      const { organizationId } = callerOf(request);
      request.auditNote = { targetId: organizationId };
      const row = await deleteSsoConfig(db, organizationId, request.headers[ifMatchHeader]);
      request.auditNote = { targetId: organizationId, details: { issuer: row.issuer, clientId: row.clientId } };
      return reply.code(204).send(null);
    },
  });
}
