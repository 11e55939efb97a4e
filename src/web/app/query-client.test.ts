// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { clearToken, getToken, lastSignOutReason, setToken } from '../lib/session.ts';
import { createQueryClient } from './query-client.ts';

const unauthorized = () => new ApiError('bad token', 401, null);

afterEach(() => clearToken());

describe('createQueryClient', () => {
  it('ends the session on a 401 from a query', async () => {
    setToken('t');
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => undefined);
    expect(getToken()).toBeNull();
    expect(lastSignOutReason()).toBe('expired');
  });

  it('ends the session on a 401 from a mutation', async () => {
    setToken('t');
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(unauthorized()) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(getToken()).toBeNull();
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
