// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError, apiGet, apiPost } from './api-client.ts';
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
    fetchMock.mockResolvedValue(reply(200, { id: 'a' }));
    const result = await apiGet('/v1/things', Thing, { params: { page: '2', status: undefined } });
    expect(result.data).toEqual({ id: 'a' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/things?page=2');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok_123');
  });

  it('uses the runtime base URL', async () => {
    window.__ACQ_CONFIG__ = { apiBaseUrl: 'https://api.example.test/' };
    fetchMock.mockResolvedValue(reply(200, { id: 'a' }));
    await apiGet('/v1/things', Thing);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.test/v1/things');
  });

  it("keeps a 429's Retry-After (seconds) on the error, and none without one", async () => {
    const problem = { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Too many sign-in attempts' };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(problem), { status: 429, headers: { 'content-type': 'application/problem+json', 'retry-after': '754' } }));
    const limited = (await apiGet('/v1/things', Thing).catch((e: unknown) => e)) as ApiError;
    expect([limited.status, limited.retryAfter]).toEqual([429, 754]);
    fetchMock.mockResolvedValueOnce(reply(429, problem, 'application/problem+json'));
    expect(((await apiGet('/v1/things', Thing).catch((e: unknown) => e)) as ApiError).retryAfter).toBeNull();
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
    const error = await apiPost('/v1/credentials', { a: 1 }, Thing, { headers: { 'Idempotency-Key': 'k1' } }).catch((e: unknown) => e);
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
    const error = (await apiGet('/v1/things', Thing).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.problem).toBeNull();
    expect(error.message).toContain('502');
  });

  it('rejects a response the schema does not accept with a readable parse error', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 42 }));
    const error = (await apiGet('/v1/things', Thing).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('parse');
    expect(error.message).toMatch(/does not understand.*GET \/v1\/things at id/);
  });

  it('reports a network failure readably', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await apiGet('/v1/things', Thing).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Could not reach the server/);
  });
});
