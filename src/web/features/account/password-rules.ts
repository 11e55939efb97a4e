import { isApiError } from '../../lib/api-client.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import { describeRule } from '../../lib/problems/describe-error.ts';

export interface PasswordProblems {
  current: string | null;
  next: string | null;
}

/** The server's NIST SP 800-63B rules (src/server/people/passwords.ts and the contract's NewPassword) in the user's words. */
const rules: { pattern: RegExp; key: string; values?: (m: RegExpExecArray) => Record<string, string> }[] = [
  { pattern: /at least (\d+) characters/, key: 'account.password.rule.minLength', values: (m) => ({ min: m[1] ?? '' }) },
  { pattern: /at most (\d+) characters/, key: 'account.password.rule.maxLength', values: (m) => ({ max: m[1] ?? '' }) },
  { pattern: /most common passwords/, key: 'account.password.rule.common' },
  { pattern: /must not contain your email/, key: 'account.password.rule.email' },
  { pattern: /is not right/, key: 'account.password.currentWrong' },
];

function ruleText(detail: string, t: Translate): string {
  const rule = rules.find((r) => r.pattern.test(detail));
  const match = rule?.pattern.exec(detail);
  return rule && match ? t(rule.key, rule.values?.(match)) : describeRule(detail, t);
}

/** A refused password change (400 problem+json with a pointer per field): each field's message, or null when the problem is not about them. */
export function passwordProblems(error: unknown, t: Translate): PasswordProblems | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const found: PasswordProblems = { current: null, next: null };
  for (const field of error.problem?.errors ?? []) {
    const where = field.pointer ?? field.parameter ?? '';
    if (where.endsWith('currentPassword')) found.current = ruleText(field.detail, t);
    else if (where.endsWith('newPassword')) found.next = ruleText(field.detail, t);
  }
  return found.current || found.next ? found : null;
}
