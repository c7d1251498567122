import { defineConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './specs',
  globalSetup: './specs/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  // On CI a spec that fails once is run once more and reported as flaky (never hidden): a 2-core
  // machine running two browsers and their MCP servers is sometimes slower than any timeout.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: true,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
