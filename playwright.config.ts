import { defineConfig, devices } from '@playwright/test';
import { e2eBaseUrl } from './e2e/support/env.ts';

const ci = Boolean(process.env.CI);

/**
 * E2E against the real server as production runs it: global setup builds when the build is missing or stale
 * (tools/build.mjs), starts `node dist/server/main.js` on a fresh database and serves the built dashboard.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/artifacts/test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'e2e/artifacts/report', open: 'never' }]],
  use: {
    baseURL: e2eBaseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // live-events sends notifications that add transactions and events to the demo organization: it runs after the
  // specs that compare list counts with the API (two workers would otherwise let new rows land between the two reads)
  projects: [
    { name: 'chromium', testIgnore: /live-events\.spec\.ts/, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    { name: 'live', testMatch: /live-events\.spec\.ts/, dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
});
