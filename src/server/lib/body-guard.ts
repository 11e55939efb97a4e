import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ProblemFieldError } from '../../contract/problem.ts';
import { badRequest } from '../errors.ts';

/** Deeper JSON than any request body of this API needs (and than jsonb or a recursive walk should take). */
export const maxBodyDepth = 32;

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character (U+0000), which cannot be stored';
  if (loneSurrogate.test(text)) return 'contains a lone UTF-16 surrogate (not valid Unicode)';
  return null;
}

/**
 * Problems with a parsed JSON body that its schema cannot see: nesting deeper than maxBodyDepth, and keys or
 * strings PostgreSQL cannot store (NUL, lone surrogates). Iterative, so a 10 000-level body cannot overflow the stack.
 */
export function bodyProblems(body: unknown): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value: body, pointer: '', depth: 0 }];
  while (stack.length > 0 && errors.length < 10) {
    const { value, pointer, depth } = stack.pop() as { value: unknown; pointer: string; depth: number };
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) errors.push({ pointer, detail: problem });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxBodyDepth) {
      errors.push({ pointer, detail: `nests deeper than ${maxBodyDepth} levels` });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      const childPointer = `${pointer}/${escapePointer(keyProblem ? encodeURIComponent(key.replace(/[\ud800-\udfff]/g, '\ufffd')) : key)}`;
      if (keyProblem) errors.push({ pointer: childPointer, detail: `its name ${keyProblem}` });
      else stack.push({ value: child, pointer: childPointer, depth: depth + 1 });
    }
  }
  return errors;
}

/** Rejects such bodies with a 400 problem naming each place, before schema validation. */
export function registerBodyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null) return done();
    // a raw body handed on as a stream (a statement file upload) is read by its handler, not stored as JSON
    if (request.body instanceof Readable) return done();
    const errors = bodyProblems(request.body);
    if (errors.length === 0) return done();
    done(badRequest(`The request body cannot be stored: ${[...new Set(errors.map((e) => e.pointer || '/'))].join(', ')}.`, errors));
  });
}
