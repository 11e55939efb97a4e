import type { Problem, ProblemFieldError } from '../../../contract/problem.ts';
import { isApiError } from '../api-client.ts';
import type { Translate } from '../i18n/i18n.tsx';

export interface DescribedFieldError {
  /** the body field (JSON pointer) or query parameter/header at fault, as the API names it */
  where: string | null;
  /** what is wrong with it, in the user's language */
  detail: string;
}

export interface DescribedError {
  title: string;
  detail: string;
  status: number;
  fieldErrors: DescribedFieldError[];
  /** the API's own words (problem details stay English), for a "technical details" disclosure; null when none */
  technical: string | null;
}

/** Statuses with a text of their own (problems.http.<status>.*); others fall back to problems.http.4xx/5xx. */
const knownStatuses = new Set([400, 401, 403, 404, 405, 409, 412, 413, 415, 422, 428, 429, 500, 502, 503, 504]);

/**
 * The API's fixed field-error phrases (src/server/lib/validation-errors.ts, contract/filters.ts) -> a rule
 * message of ours (problems.rule.*). Anything else is "not valid" in the user's language, the original under
 * technical details.
 */
const rules: { pattern: RegExp; key: string; values?: (m: RegExpExecArray) => Record<string, string> }[] = [
  { pattern: /(^| )is required$/, key: 'problems.rule.required' },
  { pattern: /^is not a known field$|^is not a field of this provider/, key: 'problems.rule.unknownField' },
  { pattern: /^is not a known (query parameter|header)$/, key: 'problems.rule.unknownParameter' },
  { pattern: /^must be one of (.+)$/, key: 'problems.rule.oneOf', values: (m) => ({ values: m[1] ?? '' }) },
  { pattern: /^must be ((?:\d+, )*\d+) or (\d+)$/, key: 'problems.rule.oneOf', values: (m) => ({ values: `${m[1] ?? ''}, ${m[2] ?? ''}` }) },
  { pattern: /^was given more than once$/, key: 'problems.rule.repeated' },
  { pattern: /^must be exactly (\d+) digits$/, key: 'problems.rule.exactDigits', values: (m) => ({ count: m[1] ?? '' }) },
  { pattern: /^must be (\d+) to (\d+) digits$/, key: 'problems.rule.digits', values: (m) => ({ min: m[1] ?? '', max: m[2] ?? '' }) },
  { pattern: /^must be a whole number from (\d+) to (\d+)$/, key: 'problems.rule.wholeNumber', values: (m) => ({ min: m[1] ?? '', max: m[2] ?? '' }) },
  { pattern: /^must be (\d+) or more$/, key: 'problems.rule.atLeast', values: (m) => ({ min: m[1] ?? '' }) },
  { pattern: /^must be (\d+) or less$/, key: 'problems.rule.atMost', values: (m) => ({ max: m[1] ?? '' }) },
  { pattern: /^must be a 20-character XID/, key: 'problems.rule.xid' },
  { pattern: /^must be a dotted event type/, key: 'problems.rule.eventType' },
  { pattern: /^must be 1 to 64 letters, digits/, key: 'problems.rule.merchantId' },
  { pattern: /^must be a decimal such as/, key: 'problems.rule.amount' },
  { pattern: /^must be YYYY-MM-DD/, key: 'problems.rule.dateRange' },
  { pattern: /must be at most (\d+) characters$/, key: 'problems.rule.maxLength', values: (m) => ({ max: m[1] ?? '' }) },
  { pattern: /has an invalid format/, key: 'problems.rule.format' },
  { pattern: /^is not a (provider id|merchant of your organization)/, key: 'problems.rule.unknownReference' },
  { pattern: /^was used with another request$/, key: 'problems.rule.idempotencyReused' },
];

function fieldName(error: ProblemFieldError): string | null {
  if (error.parameter) return error.parameter;
  if (error.pointer) return error.pointer.split('/').filter(Boolean).join('.') || null;
  return null;
}

/** What the API (or the contract) says is wrong with a value, in the user's language: "deve ter exatamente 4 dígitos". */
export function describeRule(detail: string, t: Translate): string {
  const rule = rules.find((r) => r.pattern.test(detail));
  const match = rule ? rule.pattern.exec(detail) : null;
  return rule && match ? t(rule.key, rule.values?.(match)) : t('problems.rule.invalid');
}

/** One field error in the user's language: "Valor: deve ser um valor como 150,00…". */
export function describeFieldError(error: ProblemFieldError, t: Translate): DescribedFieldError {
  const name = fieldName(error);
  const message = describeRule(error.detail, t);
  const label = name && t.has(`problems.field.${name}`) ? t(`problems.field.${name}`) : null;
  return { where: error.pointer ?? error.parameter ?? null, detail: label ? t('problems.fieldWithLabel', { label, message }) : message };
}

function statusKey(status: number): string {
  if (knownStatuses.has(status)) return `problems.http.${status}`;
  return status >= 500 ? 'problems.http.5xx' : 'problems.http.4xx';
}

function technical(problem: Problem | null, fallback: string): string {
  if (!problem) return fallback;
  const fields = (problem.errors ?? []).map((e) => `${e.pointer ?? e.parameter ?? ''} ${e.detail}`.trim());
  return [`${problem.status} ${problem.title}: ${problem.detail}`, ...fields].join('\n');
}

/** A readable title and detail in the user's language for anything thrown: ApiError (with its problem), Error, other. */
export function describeError(error: unknown, t: Translate): DescribedError {
  if (isApiError(error)) {
    const problem = error.problem;
    const fieldErrors = (problem?.errors ?? []).map((e) => describeFieldError(e, t));
    if (error.kind === 'network' || error.kind === 'parse') {
      return { title: t(`problems.${error.kind}.title`), detail: t(`problems.${error.kind}.detail`), status: error.status, fieldErrors, technical: error.message };
    }
    const key = statusKey(error.status);
    const validation = error.status === 400 && fieldErrors.length > 0;
    return {
      title: t(validation ? 'problems.validation.title' : `${key}.title`),
      detail: validation ? t('problems.validation.detail', { count: fieldErrors.length }) : t(`${key}.detail`),
      status: error.status,
      fieldErrors,
      technical: technical(problem, `${error.status} ${error.message}`),
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { title: t('problems.unexpected.title'), detail: t('problems.unexpected.detail'), status: 0, fieldErrors: [], technical: text };
}
