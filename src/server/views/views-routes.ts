import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { apiPath } from '../../contract/endpoints.ts';
import type { Scope } from '../../contract/enums.ts';
import { responseHeaders } from '../../contract/headers.ts';
import { viewPages, viewReadScope, type ViewPage } from '../../contract/saved-views.ts';
import { SavedViewInput } from '../../contract/views.ts';
import { callerOf, type Caller } from '../auth/authenticate.ts';
import { merchants } from '../db/schema.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { deleteView, findView, insertView, listViews, NameTaken, updateView, viewOf, type ViewRow } from './views-store.ts';
import { merchantsText, seesMerchant } from '../lists/scope.ts';

function forbidden(detail: string, type = 'insufficient-scope'): ApiProblem {
  return new ApiProblem({ status: 403, type, detail });
}

function requireScope(caller: Caller, scope: Scope): void {
  if (!caller.scopes.includes(scope)) throw forbidden(`This token lacks the scope ${scope}.`);
}

const readablePages = (caller: Caller): ViewPage[] => viewPages.filter((page) => caller.scopes.includes(viewReadScope[page]));

const notFound = (id: string) => new ApiProblem({ status: 404, detail: `No saved view ${id} visible to this token.` });

/** A view the caller may change: a merchant token or operator only its merchants', never the organization's shared ones. */
function requireWritable(caller: Caller, row: ViewRow): void {
  requireScope(caller, 'views:write');
  requireScope(caller, viewReadScope[row.page]);
  if (!seesMerchant(caller, row.merchantId)) {
    throw forbidden('A merchant token or operator may change only its own merchants’ views, not the organization’s shared ones.', 'merchant-not-allowed');
  }
}

function validationFailure(issues: z.core.$ZodIssue[]): ApiProblem {
  const pointer = (path: PropertyKey[]) => `/${path.map(String).join('/')}`;
  return badRequest(
    'The view is not valid for its page.',
    issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ pointer: pointer([...issue.path, key]), detail: 'is not a known field' }))
        : [{ pointer: pointer(issue.path), detail: issue.message }],
    ),
  );
}

function nameTaken(error: unknown): never {
  if (error instanceof NameTaken) {
    throw new ApiProblem({
      status: 409,
      detail: 'A view with this name already exists for this page and owner.',
      ...(error.existingId === undefined ? {} : { existingId: error.existingId }),
    });
  }
  throw error;
}

export function viewRoutes(app: ApiInstance): void {
  const db = () => app.database.db;

  app.route({
    ...endpoint('listSavedViews', {
      summary: 'List the saved views this token can see (shared in the organization, and its merchant’s own)',
      description: 'Views of a page need that list’s read scope (transactions:read, events:read); views of other pages are left out.',
      tags: ['views'],
    }),
    config: { auth: 'any' },
    handler: async (request) => {
      const caller = callerOf(request);
      const page = request.query.page;
      if (page) requireScope(caller, viewReadScope[page]);
      const pages = page ? [page] : readablePages(caller);
      // a role that reads no list (onboarding) has no views to see: an empty list, as for any page it cannot read
      if (pages.length === 0) return [];
      return (await listViews(db(), caller, pages)).map(viewOf);
    },
  });

  app.route({
    ...endpoint('createSavedView', {
      summary: 'Save a view of a list page: name, filters, order and columns',
      description:
        'Needs views:write and the page’s read scope. Filters are validated like that list’s query. An organization token saves a shared view (or one for `merchantId`); a merchant token or operator saves for its merchant (`merchantId`, one of its merchants; the first of them when left out).',
      tags: ['views'],
    }),
    config: { auth: 'views:write', audit: { action: 'view.create', target: 'view' } },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const input = request.body;
      requireScope(caller, viewReadScope[input.page]);
      let merchantId = input.merchantId ?? null;
      if (caller.merchantIds !== null) {
        if (input.merchantId != null && !caller.merchantIds.includes(input.merchantId)) {
          throw forbidden(`This token may only save views for ${merchantsText(caller.merchantIds)}.`, 'merchant-not-allowed');
        }
        // without merchantId, an operator of several merchants saves for the first (its views of any are all its own)
        merchantId = input.merchantId ?? caller.merchantIds[0] ?? null;
      } else if (merchantId !== null) {
        const [merchant] = await db()
          .select({ id: merchants.id })
          .from(merchants)
          .where(and(eq(merchants.id, merchantId), eq(merchants.organizationId, caller.organizationId)));
        if (!merchant) throw badRequest('Unknown merchantId.', [{ pointer: '/merchantId', detail: 'is not a merchant of your organization' }]);
      }
      const row = await insertView(db(), caller.organizationId, merchantId, input).catch(nameTaken);
      return reply.code(201).header(responseHeaders.location, apiPath('getSavedView', { id: row.id })).send(viewOf(row));
    },
  });

  app.route({
    ...endpoint('getSavedView', { summary: 'Read one saved view', tags: ['views'] }),
    config: { auth: 'any' },
    handler: async (request) => {
      const caller = callerOf(request);
      const row = await findView(db(), caller, request.params.id);
      if (!row) throw notFound(request.params.id);
      requireScope(caller, viewReadScope[row.page]);
      return viewOf(row);
    },
  });

  app.route({
    ...endpoint('updateSavedView', { summary: 'Rename a saved view or replace its filters, order or columns', tags: ['views'] }),
    config: { auth: 'views:write', audit: { action: 'view.update', target: 'view' } },
    handler: async (request) => {
      const caller = callerOf(request);
      const row = await findView(db(), caller, request.params.id);
      if (!row) throw notFound(request.params.id);
      requireWritable(caller, row);
      const current = viewOf(row);
      const patch = request.body;
      // new dates replace a kept period, and a new period the kept dates, unless the patch says both
      const datesGiven = patch.filters?.created_at !== undefined;
      const datePreset = patch.datePreset !== undefined ? patch.datePreset : datesGiven ? null : current.datePreset;
      const filters = patch.filters ?? current.filters;
      const { created_at: _dates, ...undated } = filters;
      const merged = SavedViewInput.safeParse({
        name: patch.name ?? current.name,
        page: current.page,
        filters: datePreset && patch.filters === undefined ? undated : filters,
        datePreset,
        order: patch.order === undefined ? current.order : patch.order,
        columns: patch.columns === undefined ? current.columns : patch.columns,
      });
      if (!merged.success) throw validationFailure(merged.error.issues);
      return viewOf(await updateView(db(), row, merged.data).catch(nameTaken));
    },
  });

  app.route({
    ...endpoint('deleteSavedView', { summary: 'Delete a saved view', tags: ['views'] }),
    config: { auth: 'views:write', audit: { action: 'view.delete', target: 'view' } },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const row = await findView(db(), caller, request.params.id);
      if (!row) throw notFound(request.params.id);
      requireWritable(caller, row);
      await deleteView(db(), row.id);
      return reply.code(204).send(null);
    },
  });
}
