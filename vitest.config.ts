import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'e2e/integration/**/*.test.ts', 'renderer/**/*.test.tsx', 'renderer/**/*.test.ts', 'e2e/fuzz/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
  },
});
