import { defineConfig } from 'vitest/config';

/**
 * Lanes, chosen by a test file's name and place (CONTRIBUTING.md): `*.int.test.ts(x)` is
 * `integration` (it needs the build, spawns real MCP servers or the built CLI); every other test is
 * a unit test, which needs no build and runs in seconds: `unit` (Node: shared/, electron/, e2e/),
 * whose files share their workers' module graph (a file that needs a fresh process is an
 * integration test), and `unit-page` (renderer/, jsdom, each file in a fresh context: they share
 * one store).
 */
const INTEGRATION = ['**/*.int.test.ts', '**/*.int.test.tsx'];
const NODE_UNITS = ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'e2e/**/*.test.{ts,tsx}'];
const PAGE_UNITS = ['renderer/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    // A file that leaves a timer, a socket or a server behind fails, by name (e2e/harness/no-leaks.ts).
    setupFiles: ['e2e/harness/no-leaks.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: NODE_UNITS,
          exclude: [...INTEGRATION, '**/node_modules/**'],
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-page',
          include: PAGE_UNITS,
          exclude: [...INTEGRATION, '**/node_modules/**'],
          pool: 'threads',
        },
      },
      { extends: true, test: { name: 'integration', include: INTEGRATION, exclude: ['**/node_modules/**'] } },
    ],
  },
});
