/**
 * JSON text laid out for reading (two-space indents, one member per line) without parsing it: every token is kept as
 * written, so a number such as `1.50` or `12345678901234567890`, an escape such as `\u00e7` and the order of repeated
 * keys show exactly as sent (JSON.parse then JSON.stringify would change them). Only the whitespace between tokens
 * changes; text that is not JSON comes back laid out the same way, nothing dropped but that whitespace.
 */
export function prettyJson(text: string, indent = '  '): string {
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => `\n${indent.repeat(Math.max(depth, 0))}`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (inString) {
      out += c;
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      const next = /\S/.exec(text.slice(i + 1));
      if (next?.[0] === close) {
        // an empty object or array stays on one line
        out += c + close;
        i += 1 + next.index;
        continue;
      }
      depth++;
      out += c + newline();
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') {
      out += `,${newline()}`;
    } else if (c === ':') {
      out += ': ';
    } else {
      out += c;
    }
  }
  return out;
}
