import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve('.');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');

/** Runs the layering check (the same command as `npm run lint:layers`) in `cwd`; returns the rules it reports. */
function layering(cwd: string, dirs: string[]): { status: number | null; rules: string[]; out: string } {
  const r = spawnSync(DEPCRUISE, [...dirs, '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err'], {
    cwd,
    encoding: 'utf8',
  });
  const out = `${r.stdout}${r.stderr}`;
  return { status: r.status, rules: [...out.matchAll(/error ([a-z-]+):/g)].map((m) => m[1]!), out };
}

describe('the layering check', () => {
  it('passes on the tree as it is', () => {
    const r = layering(ROOT, ['shared', 'electron', 'renderer', 'e2e']);
    expect(r.out).toContain('no dependency violations found');
    expect(r.status).toBe(0);
  });

  // A scratch tree with the project's floors, where each case plants one import that crosses a floor.
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-layers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Stand-ins for the packages the floors care about (a real install is not needed to see an import).
  for (const pkg of ['electron', 'react', 'zod', '@modelcontextprotocol/sdk']) {
    mkdirSync(join(dir, 'node_modules', pkg), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', pkg, 'package.json'),
      JSON.stringify({ name: pkg, version: '1.0.0', main: 'index.js' }),
    );
    writeFileSync(join(dir, 'node_modules', pkg, 'index.js'), 'module.exports = {};\n');
  }
  cpSync(join(ROOT, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  const files: Record<string, string> = {
    'shared/contract/index.ts': "import { z } from 'zod';\nexport const ok = z;\n",
    'electron/core/index.ts': "export { CallManager } from './calls/index.js';\n",
    'electron/core/console-core.ts': "export * from './calls/index.js';\n",
    'electron/core/testing.ts': "export * from './console-core.js';\n",
    'electron/core/calls/index.ts': "export { CallManager } from './calls.js';\n",
    'electron/core/calls/calls.ts': 'export class CallManager {}\n',
    'electron/core/catalog/index.ts': 'export const catalog = 1;\n',
    'electron/core/review/index.ts': 'export const review = 1;\n',
    'electron/hosts/web/web-server.ts': 'export const web = 1;\n',
    'electron/hosts/desktop/main/ipc.ts': 'export const ipc = 1;\n',
    'renderer/App.tsx': 'export const App = 1;\n',
    'e2e/harness/harness.ts': 'export const harness = 1;\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }

  const cases: [string, string, string, string][] = [
    [
      'shipped code opening the testing door',
      'electron/hosts/web/planted.ts',
      "import { CallManager } from '../../core/testing.js';\nexport const x = CallManager;\n",
      'testing-door-for-tests',
    ],
    [
      'shared/ importing Node',
      'shared/planted.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'shared-is-pure',
    ],
    [
      'shared/ importing a DOM library',
      'shared/planted.ts',
      "import { createElement } from 'react';\nexport const x = createElement;\n",
      'shared-is-pure',
    ],
    [
      'shared/ importing the core',
      'shared/planted.ts',
      "import { CallManager } from '../electron/core/index.js';\nexport const x = CallManager;\n",
      'shared-is-pure',
    ],
    [
      'the core importing electron',
      'electron/core/planted.ts',
      "import { app } from 'electron';\nexport const x = app;\n",
      'core-stays-plain-node',
    ],
    [
      'the core importing a host',
      'electron/core/planted.ts',
      "import { web } from '../hosts/web/web-server.js';\nexport const x = web;\n",
      'core-stays-plain-node',
    ],
    [
      'a concern of the core importing a host',
      'electron/core/calls/planted.ts',
      "import { ipc } from '../../hosts/desktop/main/ipc.js';\nexport const x = ipc;\n",
      'core-stays-plain-node',
    ],
    [
      'the core importing the renderer',
      'electron/core/planted.ts',
      "import { App } from '../../renderer/App.js';\nexport const x = App;\n",
      'core-stays-plain-node',
    ],
    [
      'a concern reaching into another',
      'electron/core/catalog/planted.ts',
      "import { CallManager } from '../calls/calls.js';\nexport const x = CallManager;\n",
      'core-concerns-through-their-surface',
    ],
    [
      "the review's worker loading more of the core than the validator",
      'electron/core/review/review-worker.ts',
      "import { CallManager } from '../calls/index.js';\nexport const x = CallManager;\n",
      'review-worker-loads-little',
    ],
    [
      'a host importing another host',
      'electron/hosts/desktop/main/planted.ts',
      "import { web } from '../../web/web-server.js';\nexport const x = web;\n",
      'hosts-apart',
    ],
    [
      'a host reaching past the core surface',
      'electron/hosts/web/planted.ts',
      "import { CallManager } from '../../core/calls/calls.js';\nexport const x = CallManager;\n",
      'hosts-use-the-core-surface',
    ],
    [
      'the renderer importing the core',
      'renderer/planted.ts',
      "import { CallManager } from '../electron/core/index.js';\nexport const x = CallManager;\n",
      'renderer-only-shared',
    ],
    [
      'the renderer importing Node',
      'renderer/planted.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'renderer-no-node',
    ],
    [
      'the renderer importing zod',
      'renderer/planted.ts',
      "import { z } from 'zod';\nexport const x = z;\n",
      'page-carries-no-zod',
    ],
    [
      'the renderer using a schema as a value',
      'renderer/planted.ts',
      "import { ok } from '../shared/contract/index.js';\nexport const x = ok;\n",
      'page-carries-no-zod',
    ],
    [
      'a host other than the shell requiring electron',
      'electron/hosts/web/planted.ts',
      "import { app } from 'electron';\nexport const x = app;\n",
      'electron-only-in-the-shell',
    ],
    [
      'shipped code speaking MCP through the 1.x SDK',
      'electron/core/catalog/planted.ts',
      "import { Client } from '@modelcontextprotocol/sdk';\nexport const x = Client;\n",
      'one-protocol-library',
    ],
    [
      'shipped code importing a test helper',
      'electron/core/catalog/planted.ts',
      "import { harness } from '../../../e2e/harness/harness.js';\nexport const x = harness;\n",
      'nothing-ships-test-code',
    ],
  ];

  it.each(cases)('fails on %s', (_what, path, text, rule) => {
    const file = join(dir, path);
    writeFileSync(file, text);
    try {
      const r = layering(dir, ['shared', 'electron', 'renderer', 'e2e']);
      expect(r.rules, r.out).toContain(rule);
      expect(r.status).not.toBe(0);
    } finally {
      rmSync(file);
    }
  });

  it('fails on a cycle', () => {
    const a = join(dir, 'shared/planted-a.ts');
    const b = join(dir, 'shared/planted-b.ts');
    writeFileSync(a, "import { b } from './planted-b.js';\nexport const a = () => b;\n");
    writeFileSync(b, "import { a } from './planted-a.js';\nexport const b = () => a;\n");
    try {
      expect(layering(dir, ['shared']).rules).toContain('no-cycles');
    } finally {
      rmSync(a);
      rmSync(b);
    }
  });

  it.each(['electron/core/catalog', 'renderer/features/catalog', 'renderer/store'])(
    'fails on a circle of type-only imports in %s (no exception)',
    (folder) => {
      mkdirSync(join(dir, folder), { recursive: true });
      const a = join(dir, folder, 'planted-a.ts');
      const b = join(dir, folder, 'planted-b.ts');
      writeFileSync(a, "import type { B } from './planted-b.js';\nexport interface A { b?: B }\n");
      writeFileSync(b, "import type { A } from './planted-a.js';\nexport interface B { a?: A }\nexport const b = 1;\n");
      try {
        expect(layering(dir, [folder.split('/')[0]!]).rules).toContain('no-cycles');
      } finally {
        rmSync(a);
        rmSync(b);
      }
    },
  );

  it('fails on the page importing even a type from the core', () => {
    const file = join(dir, 'renderer/planted.ts');
    writeFileSync(
      file,
      "import type { CallManager } from '../electron/core/index.js';\nexport type X = CallManager;\n",
    );
    try {
      expect(layering(dir, ['renderer']).rules).toContain('renderer-only-shared');
    } finally {
      rmSync(file);
    }
  });

  it('passes the scratch tree once the planted import is gone', () => {
    const r = layering(dir, ['shared', 'electron', 'renderer', 'e2e']);
    expect(r.out).toContain('no dependency violations found');
  });
});
