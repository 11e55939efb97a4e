import { describe, expect, it } from 'vitest';
import { defaultPoolSize, defaultPoolWaitMs } from './db/pool.ts';
import { readEnv } from './runtime-env.ts';

describe('pool and metrics settings, checked at start', () => {
  it('defaults: a pool of 10 waited on for 2 s; no metrics listener', () => {
    const env = readEnv({});
    expect([env.dbPoolSize, env.dbPoolWaitMs, env.metrics]).toEqual([defaultPoolSize, defaultPoolWaitMs, undefined]);
    expect([defaultPoolSize, defaultPoolWaitMs]).toEqual([10, 2000]);
  });

  it('DB_POOL_SIZE and DB_POOL_WAIT_MS: whole numbers within their bounds, 0 refused with the reason', () => {
    expect(readEnv({ DB_POOL_SIZE: '4', DB_POOL_WAIT_MS: '750' })).toMatchObject({ dbPoolSize: 4, dbPoolWaitMs: 750 });
    expect(() => readEnv({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE must be between 1 and 1000/);
    expect(() => readEnv({ DB_POOL_SIZE: 'ten' })).toThrow(/DB_POOL_SIZE must be a whole number/);
    expect(() => readEnv({ DB_POOL_WAIT_MS: '0' })).toThrow(/DB_POOL_WAIT_MS must be between 1 and 600000 .*wait for a connection forever/);
    expect(() => readEnv({ DB_POOL_WAIT_MS: '99999999999' })).toThrow(/DB_POOL_WAIT_MS must be between/);
  });

  it('METRICS_PORT turns the listener on, on loopback; elsewhere only with a METRICS_TOKEN of 16+ characters', () => {
    expect(readEnv({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: undefined });
    expect(() => readEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST=0\.0\.0\.0 is reachable from other machines: set METRICS_TOKEN/);
    expect(readEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a'.repeat(32) }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token: 'a'.repeat(32) });
    expect(readEnv({ METRICS_PORT: '9464', METRICS_HOST: '::1' }).metrics?.host).toBe('::1');
    expect(() => readEnv({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
    expect(() => readEnv({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT \(8080\)/);
    expect(() => readEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be between 0 and 65535/);
  });
});
