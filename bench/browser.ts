import { chromium, type Page } from '@playwright/test';
import { measureExpression, type MeasureArgs } from './browser-measure.ts';
import { summarize, type LatencyStats } from './stats.ts';

export interface Interaction {
  name: string;
  /** how the repetitions avoid the dashboard's 15 s query cache */
  how: string;
  stats: LatencyStats;
  /** repetitions in which the rows never changed within 10 s (two end the group) */
  timeouts: number;
}

const table = 'Transactions';
const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function timed(page: Page, events: string[], kind: MeasureArgs['kind'], act: () => Promise<void>, name = table): Promise<number> {
  const measuring = page.evaluate<number>(measureExpression({ events, kind, table: name, timeoutMs: 10_000 }));
  await act();
  return measuring;
}

async function openList(page: Page, origin: string, query = '', list = { path: '/transactions', name: table }): Promise<void> {
  await page.goto(`${origin}${list.path}${query}`);
  await page.locator(`table[aria-label="${list.name}"] > tbody > tr[data-row-id]`).first().waitFor({ timeout: 60_000 });
}

/** Runs `count` timed repetitions, giving up on the group after two that never showed new rows. */
async function repeat(count: number, step: (i: number) => Promise<number>): Promise<number[]> {
  const values: number[] = [];
  for (let i = 0; i < count && values.filter((v) => v < 0).length < 2; i++) values.push(await step(i));
  return values;
}

function collect(name: string, how: string, values: number[]): Interaction {
  const ok = values.filter((v) => v >= 0);
  return { name, how, stats: summarize(ok, 0), timeouts: values.length - ok.length };
}

/**
 * Drives the built dashboard in Chromium against the running server: signs in with the token through
 * the form, then times filter changes, sorts, page changes and row expansions (role-based selectors).
 */
export async function measureDashboard(origin: string, token: string, repeats: number, lastDigits: string[]): Promise<Interaction[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: launchArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.goto(`${origin}/sign-in`);
    await page.getByLabel('Access token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 60_000 });
    const out: Interaction[] = [];

    await openList(page, origin);
    const statuses = ['approved', 'denied', 'pending', 'refunded', 'canceled'];
    const select = await repeat(Math.min(repeats, statuses.length), (i) =>
      timed(page, ['input', 'change'], 'rows', async () => {
        await page.getByLabel('Status', { exact: true }).selectOption(statuses[i] ?? 'approved');
      }),
    );
    out.push(collect('filter: Status select', 'each status once (5 uncached values)', select));

    await openList(page, origin);
    const field = page.getByLabel('Last digits', { exact: true });
    const typed = await repeat(Math.min(repeats, lastDigits.length), async (i) => {
      await field.fill(lastDigits[i] ?? '0000');
      return timed(page, ['keydown'], 'rows', () => field.press('Enter'));
    });
    out.push(collect('filter: Last digits + Enter', 'a different last-4 of the data each time', typed));

    await openList(page, origin);
    const headers = ['Amount', 'Status', 'Acquirer', 'Method', 'Brand', 'BIN', 'Last 4', 'Created'];
    const sorts = await repeat(repeats, (i) => {
      const header = headers[Math.floor(i / 2) % headers.length] ?? 'Amount';
      return timed(page, ['click'], 'rows', () => page.getByRole('columnheader', { name: header }).getByRole('button').click());
    });
    out.push(collect('sort: column header click', 'each column twice (asc and desc), 16 distinct orders', sorts));

    await openList(page, origin, `?page=${repeats + 1}`);
    const back = await repeat(repeats, () => timed(page, ['click'], 'rows', () => page.getByRole('button', { name: 'Previous page' }).click()));
    out.push(collect('page: Previous page', `from page ${repeats + 1} back to 1: never prefetched`, back));

    await openList(page, origin);
    const next = await repeat(repeats, () => timed(page, ['click'], 'rows', () => page.getByRole('button', { name: 'Next page' }).click()));
    out.push(collect('page: Next page', 'the dashboard prefetches the next page, so usually cached', next));

    // transactions open a page of their own; the events list expands its rows in place
    const events = { path: '/events', name: 'Events' };
    await openList(page, origin, '', events);
    const expand = await repeat(Math.min(repeats, 20), () =>
      timed(page, ['click'], 'detail', () => page.getByRole('button', { name: /^Show details of/ }).first().click(), events.name),
    );
    out.push(collect('row expansion (events)', 'the next collapsed event row each time (no request)', expand));
    return out;
  } finally {
    await browser.close();
  }
}
