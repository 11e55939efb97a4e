import type { FastifySchemaValidationError } from 'fastify';
import type { ProblemFieldError } from '../../contract/problem.ts';

type Context = 'body' | 'querystring' | 'params' | 'headers' | undefined;

function keysOf(issue: FastifySchemaValidationError): string[] {
  const keys = (issue.params as { keys?: unknown }).keys;
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function friendly(message: string | undefined): string {
  const text = message ?? 'is invalid';
  if (/received undefined$/.test(text)) return 'is required';
  return text;
}

/** Maps zod issues (as fastify-type-provider-zod reports them) to problem `errors` entries. */
export function fieldErrors(issues: FastifySchemaValidationError[], context: Context): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  const inBody = context === 'body';
  for (const issue of issues) {
    const path = issue.instancePath === '/' ? '' : issue.instancePath;
    if (issue.keyword === 'unrecognized_keys') {
      for (const key of keysOf(issue)) {
        if (inBody) errors.push({ pointer: `${path}/${escapePointer(key)}`, detail: 'is not a known field' });
        else errors.push({ parameter: key, detail: `is not a known ${context === 'headers' ? 'header' : 'query parameter'}` });
      }
      continue;
    }
    if (inBody) errors.push({ pointer: path, detail: friendly(issue.message) });
    else errors.push({ parameter: path.slice(1).split('/')[0] ?? '', detail: friendly(issue.message) });
  }
  return errors;
}

/** A 400 problem (errors.ts's ProblemInit, which renders it) naming every invalid field. */
export function validationProblem(issues: FastifySchemaValidationError[], context: Context): { status: 400; type: string; title: string; detail: string; errors: ProblemFieldError[] } {
  const errors = fieldErrors(issues, context);
  const names = [...new Set(errors.map((e) => e.parameter ?? e.pointer))].join(', ');
  const where = context === 'body' ? 'The request body is invalid' : 'The query is invalid';
  return { status: 400, type: 'validation-error', title: 'Invalid request', detail: `${where}: ${names}.`, errors };
}
