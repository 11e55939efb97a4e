// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
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

  it('ends the session on a 401 from a mutation', async () => {
    startSession(null);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(unauthorized()) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(getSession().status).toBe('signed-out');
    expect(lastSignOutReason()).toBe('expired');
  });

  it('does not retry 4xx answers', async () => {
    const client = createQueryClient();
    let calls = 0;
    await client
      .fetchQuery({
        queryKey: ['y'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(new ApiError('nope', 404, null));
        },
        retry: client.getDefaultOptions().queries?.retry,
      })
      .catch(() => undefined);
    expect(calls).toBe(1);
  });
});
