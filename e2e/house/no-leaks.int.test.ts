import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The leak check (e2e/harness/no-leaks.ts) on a planted file: one that leaves an interval fails, by name; one that
 * clears it passes.
 */
describe('the leak check', () => {
  it(
    'fails a file that leaves a timer running, naming it, and passes the same file once it clears it',
    { timeout: 120_000 },
    () => {
      const planted = resolve('e2e/house/zz-planted-leak.test.ts');
      const run = (body: string) => {
        writeFileSync(planted, `import { it } from 'vitest';\nit('plants', () => { ${body} });\n`);
        try {
          return spawnSync(
            process.execPath,
            [resolve('node_modules/vitest/vitest.mjs'), 'run', planted, '--project', 'unit'],
            {
              encoding: 'utf8',
              timeout: 100_000,
            },
          );
        } finally {
          rmSync(planted, { force: true });
        }
      };
      const leaking = run('setInterval(() => {}, 1000);');
      expect(leaking.status).toBe(1);
      expect(leaking.stdout + leaking.stderr).toContain(
        'this file left 1 × setInterval(…, 1000 ms) running after its teardown',
      );
      const clean = run('clearInterval(setInterval(() => {}, 1000));');
      expect(clean.status, clean.stdout + clean.stderr).toBe(0);
    },
  );
});
