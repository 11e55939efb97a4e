import { describe, expect, it } from 'vitest';
import { allowedSections, safeNextPath } from './access.ts';

describe('allowedSections', () => {
  it('keeps only the sections every needed scope of which the token has', () => {
    expect(allowedSections(['transactions:read', 'events:read']).map((s) => s.labelKey)).toEqual(['auth.section.overview', 'auth.section.transactions', 'auth.section.events']);
    expect(allowedSections(['providers:read']).map((s) => s.labelKey)).toEqual([]);
    expect(allowedSections(['providers:read', 'credentials:write']).map((s) => s.path)).toEqual(['/credentials']);
    expect(allowedSections(['merchants:write', 'providers:read', 'credentials:write']).map((s) => s.path)).toEqual(['/merchants', '/credentials']);
  });
});

describe('safeNextPath', () => {
  it('accepts same-origin paths with their search', () => {
    expect(safeNextPath('/events?event_status=failed&page=2')).toBe('/events?event_status=failed&page=2');
  });
  it('refuses other origins, protocol-relative and sign-in loops', () => {
    for (const bad of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '/sign-in?next=/x', '', null]) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });
});
