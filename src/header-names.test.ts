import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as headers from './contract/headers.ts';

/**
 * A header name is written once, in src/contract/headers.ts (docs/design.md, "One name, one place"): the server, the
 * dashboard, their test fixtures and the e2e helpers use its constants, so a name typed wrong is a compile error. Tests
 * and specs may write names: what they assert is the wire itself, checked independently of the constants.
 */
const root = path.dirname(new URL(import.meta.url).pathname);
const repo = path.dirname(root);
const headersFile = path.join(root, 'contract', 'headers.ts');

/** Every header name headers.ts defines, lower-case (the response headers' list included). */
const names = [
  ...new Set(
    Object.values(headers)
      .flatMap((value) => (typeof value === 'string' ? [value] : typeof value === 'object' && !Array.isArray(value) ? Object.values(value) : []))
      .map((name) => String(name).toLowerCase()),
  ),
].sort();

const alternatives = (list: string[]) => list.map((name) => name.replace(/-/g, '\\-')).join('|');
const escaped = alternatives(names);
/** Names that are also domain words ('authorization' a cycle type, 'link' a resolution or delivery, 'accept' an action): not caught in a plain list */
const listed = alternatives(names.filter((name) => !['accept', 'authorization', 'link', 'location'].includes(name)));
/**
 * A quoted name where it can only be a header: an argument of header(), getHeader(), hasHeader(), removeHeader(),
 * headers.get()/set()/has()/delete() or headerValue(), an index (`headers['x-total-count']`), a key (`{ 'retry-after': … }`)
 * or an element of a list of them (but for the names that are also domain words, above).
 */
const headerLiteral = new RegExp(
  String.raw`(?:[hH]eader(?:Value)?|\b(?:get|set|has|delete))\(\s*(['"\x60])(?:${escaped})\1` +
    String.raw`|\[\s*(['"\x60])(?:${escaped})\2\s*\]` +
    String.raw`|\[\s*(['"\x60])(?:${listed})\3\s*,` +
    // a key, not a ternary's first value (`current ? 'location' : undefined`, aria-current's word)
    String.raw`|(?<!\?\s*)(['"\x60])(?:${escaped})\4\s*:` +
    String.raw`|,\s*(['"\x60])(?:${listed})\5\s*[\],]`,
  'i',
);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && full !== headersFile ? [full] : [];
  });

describe('header names', () => {
  it('come from contract/headers.ts in the server, the dashboard, the contract and the e2e helpers, never from a literal', () => {
    const files = [path.join(root, 'server'), path.join(root, 'web'), path.join(root, 'contract'), path.join(repo, 'e2e')].flatMap(sources);
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => headerLiteral.test(line))
        .map(({ line, index }) => `${path.relative(repo, file)}:${index + 1}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('knows the names headers.ts defines', () => {
    for (const name of ['cache-control', 'content-disposition', 'last-event-id', 'x-organization-id', 'x-signature', 'idempotency-key', 'if-match', 'etag', 'link', 'retry-after', 'x-request-id', 'x-total-count']) {
      expect(names).toContain(name);
    }
  });

  it('the rule catches a literal name (the rule itself can fail)', () => {
    expect(headerLiteral.test("reply.header('cache-control', 'no-store')")).toBe(true);
    expect(headerLiteral.test("const id = request.headers['X-Organization-Id'];")).toBe(true);
    expect(headerLiteral.test("headers: { 'retry-after': '1' },")).toBe(true);
    expect(headerLiteral.test("response.headers.get('x-total-count')")).toBe(true);
    expect(headerLiteral.test("for (const name of ['etag', 'last-modified']) reply.removeHeader(name);")).toBe(true);
    expect(headerLiteral.test('reply.header(cacheControlHeader, "no-store")')).toBe(false);
    expect(headerLiteral.test("if (action === 'link') return;")).toBe(false);
    expect(headerLiteral.test("step('authorization', 'approved', amount, 0)")).toBe(false);
    expect(headerLiteral.test("page.getByRole('link', { name: 'Open' })")).toBe(false);
    expect(headerLiteral.test("export const cycleTypes = ['authorization', 'pre_authorization', 'capture'] as const;")).toBe(false);
    expect(headerLiteral.test("const allowed = ['Authorization', 'Content-Type'];")).toBe(true);
  });
});
