/**
 * Errors as logs may carry them: name, code, the first line of the message and the cause, never the
 * statement's parameters. Drizzle's "Failed query: … params: …" errors carry the bound values (a token's
 * hash, a credential's authentication data) in `params` and in the message's second line.
 */
export type SafeError = {
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: SafeError;
};

const paramsTail = /\s*\n?params:.*$/s;

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error value thrown', stack: '' };
  const message = error.message.replace(paramsTail, '');
  // the stack's first line repeats the message (with the parameters): keep only its frames
  const stack = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  const safe: SafeError = { type: error.name, message, stack };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') safe.code = code;
  if (error.cause !== undefined && depth < 4) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}
