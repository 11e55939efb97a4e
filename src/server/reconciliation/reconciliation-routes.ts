import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { StatementFile } from '../../contract/reconciliation.ts';
import { callerOf, type Caller } from '../auth/authenticate.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { ageing, bulkResolve, dailySummary, exceptionDetail, listExceptions, resolveException } from './exceptions-query.ts';
import { listFiles, readFile } from './files-query.ts';
import { importStatement } from './import-statement.ts';

/** The largest statement file accepted (a day of a large sub-acquirer: a few hundred MB). */
export const maxStatementBytes = 1024 * 1024 * 1024;

function organizationCaller(caller: Caller): Caller {
  if (caller.merchantIds !== null) throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: 'Reconciliation is the sub-acquirer’s: a merchant token or operator cannot use it.' });
  return caller;
}

/** Copies an upload to a temporary file, refusing it past maxStatementBytes. */
async function spool(source: Readable, dir: string): Promise<string> {
  const file = path.join(dir, 'upload');
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxStatementBytes) done(new ApiProblem({ status: 413, detail: `A statement file may have at most ${maxStatementBytes} bytes.` }));
      else done(null, chunk);
    },
  });
  await pipeline(source, limit, createWriteStream(file));
  return file;
}

/** /v1/reconciliation: statement files (upload, list) and the exceptions of their reconciliation. */
export async function reconciliationRoutes(app: ApiInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  // the raw body: a stream, read by the handler (never buffered)
  app.addContentTypeParser(['text/plain', 'application/octet-stream'], (_request, payload, done) => done(null, payload));
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: maxStatementBytes, fields: 5 } });
  // the JSON bodies (a resolution, a bulk resolution's filter and note) are small: Fastify's own parser (it refuses
  // __proto__ and constructor keys) under the app's body limit, as everywhere else
  app.addContentTypeParser(/^application\/(?:[\w.+-]+\+)?json$/i, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.route({
    ...endpoint('uploadStatementFile', {
      summary: 'Upload an acquirer statement file (Cielo EDI v15, Getnet V10) as the body (text/plain, application/octet-stream) or multipart/form-data field "file"',
      description: 'Every line is checked first; a file with any problem imports nothing (422 lists line, field and reason). The same content again is recognised by its SHA-256 and not imported twice (200, duplicate: true).',
      tags: ['reconciliation'],
    }),
    config: { auth: 'reconciliation:write', audit: { action: 'statement_file.upload', target: 'statement_file' } },
    bodyLimit: maxStatementBytes,
    handler: async (request, reply) => {
      const caller = organizationCaller(callerOf(request));
      const dir = await mkdtemp(path.join(tmpdir(), 'statement-'));
      try {
        let file: string;
        let name = request.query.name ?? null;
        if (request.isMultipart()) {
          const part = await request.file();
          if (!part) throw new ApiProblem({ status: 400, detail: 'The multipart body has no file part (send the statement as the field "file").' });
          name = name ?? part.filename;
          file = await spool(part.file, dir);
          if (part.file.truncated) throw new ApiProblem({ status: 413, detail: `A statement file may have at most ${maxStatementBytes} bytes.` });
        } else {
          file = await spool(request.body as Readable, dir);
        }
        const result = await importStatement(app.database.db, { organizationId: caller.organizationId, actor: caller.tokenId, path: file, name });
        // the route's audit entry (config.audit, written before the answer): which file, and what became of it
        request.auditNote = result.status === 'rejected'
          ? { details: { name, sha256: result.sha256, lines: result.lines, problems: result.problemCount } }
          : { targetId: result.fileId, details: { name, duplicate: result.status === 'duplicate' } };
        if (result.status === 'rejected') {
          const shown = result.problems.length < result.problemCount ? ` (the first ${result.problems.length} are listed)` : '';
          throw new ApiProblem({
            status: 422,
            type: 'statement-file-rejected',
            detail: `The file was not imported: ${result.problemCount} problem${result.problemCount === 1 ? '' : 's'} in ${result.lines} lines${shown}. Nothing was stored.`,
            errors: result.problems.map((p) => ({ pointer: `/lines/${p.line}`, parameter: p.field, detail: `line ${p.line}, ${p.field}: ${p.reason}` })),
          });
        }
        const stored = await readFile(app.database.db, caller.organizationId, result.fileId);
        if (stored) request.auditNote.details = { ...request.auditNote.details, layout: stored.layout, lines: stored.lines, exceptions: stored.exceptions };
        return reply.code(result.status === 'imported' ? 201 : 200).send({ duplicate: result.status === 'duplicate', file: stored as StatementFile });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  });

  app.route({
    ...endpoint('listStatementFiles', { summary: 'Imported statement files with their results, newest first', tags: ['reconciliation'] }),
    config: { auth: 'reconciliation:read' },
    handler: async (request) => {
    const caller = organizationCaller(callerOf(request));
    return listFiles(app.database.read, caller.organizationId, request.query.limit, request.query.cursor);
  },
  });

  app.route({
    ...endpoint('getStatementFile', { summary: 'One statement file: lines, records, matched, exceptions, amounts', tags: ['reconciliation'] }),
    config: { auth: 'reconciliation:read' },
    handler: async (request) => {
    const caller = organizationCaller(callerOf(request));
    const file = await readFile(app.database.db, caller.organizationId, request.params.id);
    if (!file) throw new ApiProblem({ status: 404, detail: `No statement file ${request.params.id}.` });
    return file;
  },
  });

  app.route({
    ...endpoint('listReconciliationExceptions', {
      summary: 'Reconciliation exceptions, oldest first, filtered by outcome, acquirer, merchant, file, status and age',
      tags: ['reconciliation'],
    }),
    config: { auth: 'reconciliation:read' },
    handler: async (request) => {
    const caller = organizationCaller(callerOf(request));
    const { limit, cursor, ...filter } = request.query;
    return listExceptions(app.database.read, caller.organizationId, null, filter, limit, cursor);
  },
  });

  app.route({
    ...endpoint('getReconciliationAgeing', {
      summary: 'Exceptions per ageing bucket (count and amount at stake), same filters as the list',
      tags: ['reconciliation'],
    }),
    config: { auth: 'reconciliation:read' },
    handler: async (request) => {
    const caller = organizationCaller(callerOf(request));
    return ageing(app.database.read, caller.organizationId, null, request.query);
  },
  });

  app.route({
    ...endpoint('getReconciliationException', { summary: 'One exception with the platform’s sale beside the acquirer’s records', tags: ['reconciliation'] }),
    config: { auth: 'reconciliation:read' },
    handler: async (request) => {
    const caller = organizationCaller(callerOf(request));
    const detail = await exceptionDetail(app.database.db, caller.organizationId, null, request.params.id);
    if (!detail) throw new ApiProblem({ status: 404, detail: `No exception ${request.params.id}.` });
    return { exception: detail.exception, platform: detail.platform, acquirer: detail.acquirer };
  },
  });

  app.route({
    ...endpoint('resolveReconciliationException', {
      summary: 'Resolve an open exception: accept the acquirer’s value, resolve or ignore with a note, or link to a sale',
      tags: ['reconciliation'],
    }),
    config: { auth: 'reconciliation:write', audit: { action: 'reconciliation_exception.resolve', target: 'reconciliation_exception' } },
    handler: async (request) => {
    const caller = organizationCaller(callerOf(request));
    const { action, note, summaryId } = request.body;
    if (action === 'link' && !summaryId) throw new ApiProblem({ status: 400, detail: 'Linking needs the sale: summaryId.', errors: [{ pointer: '/summaryId', detail: 'is required when action is link' }] });
    const before = await exceptionDetail(app.database.db, caller.organizationId, null, request.params.id);
    if (!before) throw new ApiProblem({ status: 404, detail: `No exception ${request.params.id}.` });
    request.auditNote = { details: { action, outcome: before.exception.outcome, note, ...(summaryId ? { summaryId } : {}) } };
    const outcome = await resolveException(app.database.db, caller.organizationId, caller.tokenId, request.params.id, action, note, summaryId ?? null);
    if (outcome === 'no-sale') throw new ApiProblem({ status: 422, detail: `No sale ${summaryId ?? ''} in this organization.`, errors: [{ pointer: '/summaryId', detail: 'is not a sale of this organization' }] });
    if (outcome === 'not-open') throw new ApiProblem({ status: 409, detail: `Exception ${request.params.id} is already ${before.exception.status}.` });
    const after = await exceptionDetail(app.database.db, caller.organizationId, null, request.params.id);
    if (!after) throw new ApiProblem({ status: 404, detail: `No exception ${request.params.id}.` });
    return { exception: after.exception, platform: after.platform, acquirer: after.acquirer };
  },
  });

  app.route({
    ...endpoint('bulkResolveReconciliationExceptions', {
      summary: 'One action and one note for every open exception a filter selects',
      tags: ['reconciliation'],
    }),
    config: { auth: 'reconciliation:write', audit: { action: 'reconciliation_exception.bulk_resolve', target: 'reconciliation_exception' } },
    handler: async (request) => {
    const caller = organizationCaller(callerOf(request));
    const { filter, action, note } = request.body;
    const updated = await bulkResolve(app.database.db, caller.organizationId, null, caller.tokenId, filter, action, note);
    request.auditNote = { details: { action, note, filter, count: updated } };
    return { updated };
  },
  });

  app.route({
    ...endpoint('getReconciliationDaily', {
      summary: 'Per day and acquirer: sale records, matched, reconciled rate, open exceptions and the unresolved amount',
      tags: ['reconciliation'],
    }),
    config: { auth: 'reconciliation:read' },
    handler: async (request) => {
    const caller = organizationCaller(callerOf(request));
    return dailySummary(app.database.read, caller.organizationId, request.query.days);
  },
  });
}
