import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dashboard writes no API path of its own: every request path comes from `apiPath` of
 * src/contract/endpoints.ts (docs/design.md, "One name, one place"), so a path the server does not have is a compile
 * error. Tests may write paths: they check what the code requests, independently of it.
 */
const webRoot = path.dirname(new URL(import.meta.url).pathname);
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/test/.test(entry.name) ? [full] : [];
  });
/** A string or template literal that starts with an API path. */
const apiPathLiteral = /['"`]\/(v1|health)(\/|['"`?])/;

describe('API paths in the dashboard', () => {
  it('come from the contract’s endpoint map, never from a literal', () => {
    const offenders = sources(webRoot).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => apiPathLiteral.test(line))
        .map(({ line, index }) => `${path.relative(webRoot, file)}:${index + 1}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the rule catches a literal path (the rule itself can fail)', () => {
    expect(apiPathLiteral.test("apiGet('/v1/events', EventList)")).toBe(true);
    expect(apiPathLiteral.test('apiGet(`/v1/credentials/${id}`)')).toBe(true);
    expect(apiPathLiteral.test("apiGet(apiPath('listEvents'), EventList)")).toBe(false);
  });
});
