// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { api, ApiError } from '../lib/api-client.ts';
import { getSession, lastSignOutReason, resetSessionForTests, startSession } from '../lib/session.ts';
import { createQueryClient } from './query-client.ts';

const unauthorized = () => new ApiError('bad token', 401, null);

afterEach(() => resetSessionForTests());

describe('createQueryClient', () => {
  it('ends the session on a 401 from a query', async () => {
    startSession(null);
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => undefined);
    expect(getSession().status).toBe('signed-out');
    expect(lastSignOutReason()).toBe('expired');
  });

  it('says the session of a new tab ended when the server refuses its cookie as ended', async () => {
    const ended = new ApiError('ended', 401, { type: 'https://acquirer-console.dev/problems/session-ended', title: 'Unauthorized', status: 401, detail: 'expired' });
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(ended) }).catch(() => undefined);
    expect(getSession().status).toBe('signed-out');
    expect(lastSignOutReason()).toBe('expired');
  });

  it('signs a new tab without a session out on its first 401, without calling it expired', async () => {
    expect(getSession().status).toBe('unknown');
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => undefined);
    expect(getSession().status).toBe('signed-out');
    expect(lastSignOutReason()).toBeNull();
  });

  it('says a new tab’s session ended on a plain 401 once its cookie has been answered (a parallel answer cleared it)', async () => {
    expect(getSession().status).toBe('unknown');
    const answers = [new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }), new Response(null, { status: 401 })];
    vi.stubGlobal('fetch', () => Promise.resolve(answers.shift()));
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['me'], queryFn: () => api('getMe', z.unknown()) });
    await client.fetchQuery({ queryKey: ['list'], queryFn: () => api('listEvents', z.unknown()) }).catch(() => undefined);
    vi.unstubAllGlobals();
    expect(getSession().status).toBe('signed-out');
    expect(lastSignOutReason()).toBe('expired');
  });

  it('ends the session on a 401 from a mutation', async () => {
    startSession(null);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(unauthorized()) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(getSession().status).toBe('signed-out');
    expect(lastSignOutReason()).toBe('expired');
  });

  /** How many times the default retry policy calls a query that always fails with `error`. */
  async function callsFor(error: Error): Promise<number> {
    const client = createQueryClient();
    let calls = 0;
    await client
      .fetchQuery({
        queryKey: ['y'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(error);
        },
        retry: client.getDefaultOptions().queries?.retry,
        retryDelay: 0,
      })
      .catch(() => undefined);
    return calls;
  }

  it('does not retry 4xx answers or unparseable ones', async () => {
    expect(await callsFor(new ApiError('nope', 404, null))).toBe(1);
    expect(await callsFor(new ApiError('bad json', 200, null, 'parse'))).toBe(1);
  });

  it('retries 5xx answers and network failures twice (three calls in all)', async () => {
    expect(await callsFor(new ApiError('down', 503, null))).toBe(3);
    expect(await callsFor(new TypeError('fetch failed'))).toBe(3);
  });
});
