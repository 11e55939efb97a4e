import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import { passwordProblems } from './password-rules.ts';

/** Names the key and its values, so the test sees which rule was picked and with what. */
const t = Object.assign((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key), { has: () => true }) as Translate;

const refused = (errors: { pointer?: string; parameter?: string; detail: string }[]) =>
  new ApiError('refused', 400, { type: 'https://acquirer-console.dev/problems/validation-error', title: 'Invalid request', status: 400, detail: 'x', errors });

describe("a refused password change in the person's words", () => {
  it("puts each of the server's rules (src/server/people/passwords.ts) at its field", () => {
    // the exact phrases the server writes (passwordProblem and the contract's NewPassword)
    expect(passwordProblems(refused([{ pointer: '#/newPassword', detail: 'is one of the most common passwords: choose another' }]), t)).toEqual({ current: null, next: 'account.password.rule.common' });
    expect(passwordProblems(refused([{ pointer: '#/newPassword', detail: 'must not contain your email address' }]), t)?.next).toBe('account.password.rule.email');
    expect(passwordProblems(refused([{ pointer: '/newPassword', detail: 'must be at least 15 characters' }]), t)?.next).toBe('account.password.rule.minLength {"min":"15"}');
    expect(passwordProblems(refused([{ pointer: '#/currentPassword', detail: 'is not right' }]), t)).toEqual({ current: 'account.password.currentWrong', next: null });
  });

  it('leaves other problems to the general error (not a 400, or no password field)', () => {
    expect(passwordProblems(new ApiError('busy', 503, null), t)).toBeNull();
    expect(passwordProblems(refused([{ parameter: 'x', detail: 'is not a known query parameter' }]), t)).toBeNull();
    // an unknown phrase about the field still lands there, in the shared rule words
    expect(passwordProblems(refused([{ pointer: '#/newPassword', detail: 'is required' }]), t)?.next).toBe('problems.rule.required');
  });
});
