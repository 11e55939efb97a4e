import { responseHeaders } from '../../contract/headers.ts';

/**
 * A browser reduced to what a redirect-driven sign-in needs: cookies per origin (set, replaced, expired) and
 * redirects followed one at a time, so a test can read or change each step's URL.
 */
export class ManualBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  /** One GET with this origin's cookies, keeping what it sets; the redirect is not followed. */
  async get(url: string | URL): Promise<Response> {
    const target = new URL(url);
    const jar = this.jars.get(target.origin) ?? new Map<string, string>();
    this.jars.set(target.origin, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(target, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1] ?? '').getTime() < Date.now()));
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
    return response;
  }

  /**
   * Follows redirects from `url` (at most 10), handing each next URL to `step` first (which may return another);
   * stops at the first answer that is not a redirect, or before a URL `until` accepts. Returns the last URL asked for
   * and its answer, or the URL it stopped before.
   */
  async follow(url: string | URL, options: { step?: (next: URL) => URL; until?: (next: URL) => boolean } = {}): Promise<{ url: URL; response: Response | null }> {
    let current = new URL(url);
    for (let hop = 0; hop < 10; hop++) {
      if (options.until?.(current)) return { url: current, response: null };
      const response = await this.get(current);
      const location = response.headers.get(responseHeaders.location);
      if (response.status < 300 || response.status >= 400 || location === null) return { url: current, response };
      current = options.step ? options.step(new URL(location, current)) : new URL(location, current);
    }
    throw new Error(`more than 10 redirects from ${String(url)}`);
  }
}
