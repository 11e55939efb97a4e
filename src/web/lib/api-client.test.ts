// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { api, ApiError, type BodyOf } from './api-client.ts';
import { resetSessionForTests, startSession } from './session.ts';

const Thing = z.object({ id: z.string() });

function reply(status: number, body: unknown, type = 'application/json'): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': type } });
}

describe('api-client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    window.__ACQ_CONFIG__ = undefined;
    startSession('tok_123');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    resetSessionForTests();
  });

  it('sends the bearer token, skips undefined params and parses the body', async () => {
    fetchMock.mockResolvedValue(reply(200, [{ id: 'a' }]));
    const result = await api('listMerchants', z.array(Thing), { query: { page: '2', q: undefined } });
    expect(result.data).toEqual([{ id: 'a' }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/merchants?page=2');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok_123');
  });

  it('uses the runtime base URL', async () => {
    window.__ACQ_CONFIG__ = { apiBaseUrl: 'https://api.example.test/' };
    fetchMock.mockResolvedValue(reply(200, { id: 'a' }));
    await api('getSavedView', Thing, { path: { id: 'a' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.test/v1/views/a');
  });

  it('turns problem+json into an ApiError with the parsed problem', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'A credential already exists',
      existingId: 'd4ps1c0000000000abc0',
      errors: [{ pointer: '/merchantId', detail: 'taken' }],
    };
    fetchMock.mockResolvedValue(reply(409, problem, 'application/problem+json'));
    const error = await api('createCredential', Thing, { body: { a: 1 } as unknown as BodyOf<'createCredential'>, headers: { 'Idempotency-Key': 'k1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.problem?.existingId).toBe('d4ps1c0000000000abc0');
    expect(apiError.message).toBe('A credential already exists');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('idempotency-key')).toBe('k1');
    expect(init?.body).toBe('{"a":1}');
  });

  it('keeps the status when the error body is not a problem', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/plain' } }));
    const error = (await api('getSavedView', Thing, { path: { id: 'a' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.problem).toBeNull();
    expect(error.message).toContain('502');
  });

  it('rejects a response the schema does not accept with a readable parse error', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 42 }));
    const error = (await api('getSavedView', Thing, { path: { id: 'a' } }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('parse');
    expect(error.message).toMatch(/does not understand.*GET \/v1\/views\/a at id/);
  });

  it('reports a network failure readably', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api('getSavedView', Thing, { path: { id: 'a' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Could not reach the server/);
  });

  it('calls an operation by its id: method and path from the map, path parameters encoded, the body as JSON, a 204 without a parser', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api('deleteSavedView', null, { path: { id: 'a b/c' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/views/a%20b%2Fc');
    expect(init?.method).toBe('DELETE');
    fetchMock.mockResolvedValue(reply(200, { id: 'v1' }));
    await api('updateSavedView', Thing, { path: { id: 'v1' }, body: { name: 'Mine' } });
    const [patchUrl, patch] = fetchMock.mock.calls[1] ?? [];
    expect([patchUrl, patch?.method, patch?.body, new Headers(patch?.headers).get('content-type')]).toEqual(['/v1/views/v1', 'PATCH', '{"name":"Mine"}', 'application/json']);
  });
});

/** Never called: each line must not compile, or tsc (npm run typecheck) fails on the unused @ts-expect-error. */
export function callsTheMapRefuses(): void {
  // @ts-expect-error an operation the map does not have
  void api('listThings', Thing);
  // @ts-expect-error a query parameter listMerchants does not take
  void api('listMerchants', z.array(Thing), { query: { pgae: '2' } });
  // @ts-expect-error a path parameter missing
  void api('getSavedView', Thing);
  // @ts-expect-error a path parameter misnamed
  void api('getSavedView', Thing, { path: { viewId: 'a' } });
  // @ts-expect-error a parser reading a field the answer does not have
  void api('getSavedView', z.object({ colour: z.string() }), { path: { id: 'a' } });
  // @ts-expect-error a body of another shape
  void api('updateSavedView', Thing, { path: { id: 'a' }, body: { name: 42 } });
  // @ts-expect-error a body missing
  void api('createMerchant', Thing);
}
