import { defineConfig } from 'vitest/config';

/**
 * Two layers (CONTRIBUTING.md): `unit` needs no build and runs in seconds; `integration` spawns
 * real MCP servers (our built fixtures, the reference server from npm) and the built CLI.
 */
const integration = [
  'e2e/integration/**/*.test.ts',
  'e2e/hostile/**/*.test.ts',
  'e2e/fuzz/**/*.test.tsx',
  'e2e/house/**/*.test.ts',
  'electron/cli/cli.test.ts',
  'electron/core/catalog/icons.test.ts',
  'electron/web/web-server.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'e2e/review/**/*.test.ts', 'renderer/**/*.test.ts', 'renderer/**/*.test.tsx'],
          exclude: [...integration, '**/node_modules/**'],
        },
      },
      { extends: true, test: { name: 'integration', include: integration } },
    ],
  },
});
