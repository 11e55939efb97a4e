import type { z } from 'zod/mini';
import type { EndpointSchemas } from '../../contract/endpoint-schemas.ts';
import { apiPath, methodOf, pathTemplate, type OperationId, type PathParams } from '../../contract/endpoints.ts';
import { acceptHeader, authorizationHeader, contentTypeHeader, retryAfterHeaderName } from '../../contract/headers.ts';
import type { Problem } from '../../contract/problem.ts';
import { apiUrl } from './runtime-config.ts';
import { getBearerToken, confirmSession } from './session.ts';

export type ApiErrorKind = 'http' | 'network' | 'parse';

/**
 * Every failed call: an HTTP error (status and, when the body is problem+json, the parsed Problem),
 * a network failure (status 0, kind 'network') or a response the contract rejects (kind 'parse').
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  readonly kind: ApiErrorKind;
  /** a 429's Retry-After in seconds (the sign-in limit says how long to wait), else null */
  readonly retryAfter: number | null;

  constructor(message: string, status: number, problem: Problem | null, kind: ApiErrorKind = 'http', retryAfter: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.kind = kind;
    this.retryAfter = retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

type Params = Record<string, string | undefined>;

function buildUrl(path: string, params?: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) search.append(key, value);
  const query = search.toString();
  return apiUrl(path) + (query ? `?${query}` : '');
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get(contentTypeHeader) ?? '';
  if (!/json/i.test(type)) return undefined;
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** The body as a Problem, or null. The schema (and zod) loads only when a call fails, keeping it out of the first route. */
async function parseProblem(body: unknown): Promise<Problem | null> {
  if (body === undefined) return null;
  const { Problem } = await import('../../contract/problem.ts');
  const parsed = Problem.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The error of a request that got no answer. */
export const networkError = (): ApiError => new ApiError('Could not reach the server. Check your connection and try again.', 0, null, 'network');

/** The error of a non-OK answer, with its problem+json body when it has one (fetch's and XMLHttpRequest's answers alike). */
export async function httpError(status: number, statusText: string, body: unknown, retryAfter: string | null): Promise<ApiError> {
  const problem = await parseProblem(body);
  const message = problem ? problem.detail || problem.title : `The server answered ${status} ${statusText}`.trim();
  const wait = Number(retryAfter ?? '');
  return new ApiError(message, status, problem, 'http', Number.isInteger(wait) && wait > 0 ? wait : null);
}

/** Sends a request with the session's credentials (the cookie, or a cross-origin dashboard's bearer token); a non-OK answer throws. */
async function send(method: string, path: string, init: RequestInit, accept: string, params?: Params, tokenOverride?: string): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(acceptHeader, accept);
  const token = tokenOverride ?? getBearerToken();
  if (token) headers.set(authorizationHeader, `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), { ...init, method, headers });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
  if (!response.ok) throw await httpError(response.status, response.statusText, await readBody(response), response.headers.get(retryAfterHeaderName));
  if (tokenOverride === undefined) confirmSession();
  return response;
}

async function request<T>(
  method: string,
  path: string,
  schema: z.ZodMiniType<T> | null,
  init: RequestInit,
  params?: Params,
  tokenOverride?: string,
): Promise<ApiResponse<T>> {
  const response = await send(method, path, init, 'application/json', params, tokenOverride);
  const body = await readBody(response);
  if (schema === null) return { data: undefined as T, headers: response.headers };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
    throw new ApiError(
      `The server sent a response this dashboard does not understand (${method} ${path}${where}: ${first?.message ?? 'invalid'}).`,
      response.status,
      null,
      'parse',
    );
  }
  return { data: parsed.data, headers: response.headers };
}


/**
 * A GET whose body the caller reads as a stream (the CSV export): the response once its status is OK; errors as
 * every other call (problem+json parsed). Same credentials as every call, so it works with the HttpOnly cookie.
 */
export async function apiStream(path: string, options: { params?: Params; accept: string; signal?: AbortSignal }): Promise<Response> {
  return send('GET', path, { signal: options.signal ?? null }, options.accept, options.params);
}

/*
 * Calls by operation: the path, the method, the query's names, the body and the response all come from the contract's
 * endpoint map (endpoints.ts) and its schema map (endpoint-schemas.ts, imported as a type only: a chunk carries no
 * schema it did not load before). A misspelled operation, path parameter or query parameter, a body of the wrong
 * shape, or a parser asking for more than the operation answers, is a compile error.
 */
type Wire<Op extends OperationId> = EndpointSchemas[Op];
type Json<S> = S extends z.ZodMiniType ? S : never;
/** The schema of an operation's success (200, else 201, 202 or 204). */
type Success<Op extends OperationId> =
  Wire<Op>['responses'] extends infer R ? (R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : R extends { 202: infer S } ? S : R extends { 204: infer S } ? S : never) : never;
/** What an operation answers, as its schema parses it. */
export type ResponseOf<Op extends OperationId> = z.output<Json<Success<Op>>>;
/** An operation's query as a URL carries it: the names its schema knows, each as text. */
export type QueryOf<Op extends OperationId> = Wire<Op> extends { query: infer Q extends z.ZodMiniType } ? { [K in keyof z.input<Q>]?: string | undefined } : never;
/** An operation's JSON body, as its schema takes it. */
export type BodyOf<Op extends OperationId> = Wire<Op> extends { body: infer B extends z.ZodMiniType } ? z.input<B> : never;

/**
 * How a call reads the response: a schema whose output the operation's answer satisfies (the map's schema, or a
 * smaller one that reads part of it: `has`, a chunk that must not load the whole schema), or null for a 204.
 */
export type Parser<Op extends OperationId, T> = Success<Op> extends z.ZodMiniNull ? null : [ResponseOf<Op>] extends [T] ? z.ZodMiniType<T> : never;

type CallOf<Op extends OperationId> = {
  query?: QueryOf<Op>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** sign-in checks a token before storing it */
  token?: string;
} & (PathParams<Op> extends [infer P] ? { path: P } : unknown) &
  ([BodyOf<Op>] extends [never] ? unknown : { body: BodyOf<Op> });
type CallArgs<Op extends OperationId> = object extends CallOf<Op> ? [call?: CallOf<Op>] : [call: CallOf<Op>];

/** Calls an operation of the endpoint map: `api('getEvent', EventDetail, { path: { eventId }, signal })`. */
export async function api<Op extends OperationId, T>(op: Op, parse: Parser<Op, T>, ...[call]: CallArgs<Op>): Promise<ApiResponse<T>> {
  const given = (call ?? {}) as { path?: Record<string, string>; query?: Params; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal; token?: string };
  const path = (apiPath as (op: OperationId, params?: Record<string, string>) => string)(op, given.path);
  const init: RequestInit = { signal: given.signal ?? null };
  if ('body' in given) {
    init.body = JSON.stringify(given.body);
    init.headers = { [contentTypeHeader]: 'application/json', ...given.headers };
  } else if (given.headers) init.headers = given.headers;
  return request(methodOf(op), path, parse, init, given.query, given.token);
}

/**
 * An operation with a JSON body whose answer the caller reads itself (the sign-in steps, in the first route, without
 * zod). No bearer token, and the tab's session is not confirmed by it: a step's answer is not yet a session.
 */
export async function apiUnparsed<Op extends 'signIn' | 'signInSecondFactor' | 'startPasskeySignIn' | 'signInWithPasskey'>(op: Op, body?: BodyOf<Op>): Promise<unknown> {
  const init: RequestInit = body === undefined ? {} : { body: JSON.stringify(body), headers: { [contentTypeHeader]: 'application/json' } };
  return readBody(await send(methodOf(op), pathTemplate(op), init, 'application/json', undefined, ''));
}
