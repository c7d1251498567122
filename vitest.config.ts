import { defineConfig } from 'vitest/config';

/**
 * Two lanes, chosen by a test file's name (CONTRIBUTING.md): `*.int.test.ts(x)` is `integration`
 * (it needs the build, spawns real MCP servers or the built CLI); every other `*.test.ts(x)` is
 * `unit`, which needs no build and runs in seconds.
 */
const INTEGRATION = ['**/*.int.test.ts', '**/*.int.test.tsx'];
const ALL = ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'e2e/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    // A file that leaves a timer, a socket or a server behind fails, by name (e2e/harness/no-leaks.ts).
    setupFiles: ['e2e/harness/no-leaks.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ALL, exclude: [...INTEGRATION, '**/node_modules/**'] } },
      { extends: true, test: { name: 'integration', include: INTEGRATION, exclude: ['**/node_modules/**'] } },
    ],
  },
});
