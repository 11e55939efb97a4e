import type { z } from 'zod/mini';
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
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0, null, 'network');
  }
  if (!response.ok) {
    const problem = await parseProblem(await readBody(response));
    const message = problem ? problem.detail || problem.title : `The server answered ${response.status} ${response.statusText}`.trim();
    const wait = Number(response.headers.get(retryAfterHeaderName) ?? '');
    throw new ApiError(message, response.status, problem, 'http', Number.isInteger(wait) && wait > 0 ? wait : null);
  }
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

export async function apiGet<T>(
  path: string,
  schema: z.ZodMiniType<T>,
  options?: { params?: Params; signal?: AbortSignal; /** sign-in checks a token before storing it */ token?: string },
): Promise<ApiResponse<T>> {
  return request('GET', path, schema, { signal: options?.signal ?? null }, options?.params, options?.token);
}

/**
 * A call without a request body (POST /v1/session, DELETE /v1/session): `token` sends that bearer token instead of
 * the session's; a null schema expects no response body (204).
 */
export async function apiCall<T>(method: 'POST' | 'DELETE', path: string, schema: z.ZodMiniType<T> | null, options?: { token?: string }): Promise<ApiResponse<T>> {
  return request(method, path, schema, {}, undefined, options?.token);
}

type JsonWriteOptions = { headers?: Record<string, string>; signal?: AbortSignal };

/** A call with a JSON body: POST and PATCH. */
async function sendJson<T>(method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown, schema: z.ZodMiniType<T>, options?: JsonWriteOptions): Promise<ApiResponse<T>> {
  return request(method, path, schema, {
    body: JSON.stringify(body),
    headers: { [contentTypeHeader]: 'application/json', ...options?.headers },
    signal: options?.signal ?? null,
  });
}

export const apiPost = <T>(path: string, body: unknown, schema: z.ZodMiniType<T>, options?: JsonWriteOptions) => sendJson('POST', path, body, schema, options);
export const apiPatch = <T>(path: string, body: unknown, schema: z.ZodMiniType<T>, options?: JsonWriteOptions) => sendJson('PATCH', path, body, schema, options);
export const apiPut = <T>(path: string, body: unknown, schema: z.ZodMiniType<T>, options?: JsonWriteOptions) => sendJson('PUT', path, body, schema, options);

/**
 * A JSON POST whose answer the caller reads itself (the sign-in steps, in the first route, without zod). No bearer
 * token, and the tab's session is not confirmed by it: a step's answer is not yet a session.
 */
export async function apiPostForJson(path: string, body: unknown): Promise<unknown> {
  const response = await send('POST', path, { body: JSON.stringify(body), headers: { [contentTypeHeader]: 'application/json' } }, 'application/json', undefined, '');
  return readBody(response);
}

/**
 * A GET whose body the caller reads as a stream (the CSV export): the response once its status is OK; errors as
 * every other call (problem+json parsed). Same credentials as every call, so it works with the HttpOnly cookie.
 */
export async function apiStream(path: string, options: { params?: Params; accept: string; signal?: AbortSignal }): Promise<Response> {
  return send('GET', path, { signal: options.signal ?? null }, options.accept, options.params);
}
