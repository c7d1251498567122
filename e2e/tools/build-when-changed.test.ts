import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript (it runs before anything is compiled); its two functions are typed here by use.
import { inputs, stampOf, writeStamp } from './build-when-changed.js';

const stamp = (root: string): string => (stampOf as (l: string[]) => string)((inputs as (r: string) => string[])(root));

describe("a start's build", () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is skipped while no input changed, and runs when one did', () => {
    root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
    for (const d of ['shared', 'renderer', 'e2e/tools', 'electron/node_modules/x'])
      mkdirSync(join(root, d), { recursive: true });
    writeFileSync(join(root, 'shared', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'package.json'), '{}');
    writeFileSync(join(root, 'tsconfig.node.json'), '{}');
    const first = stamp(root);
    expect(stamp(root)).toBe(first);
    // What is not an input (a dependency inside a source folder) changes nothing.
    writeFileSync(join(root, 'electron', 'node_modules', 'x', 'index.js'), '1');
    expect(stamp(root)).toBe(first);
    // An edit (another size, or the same size saved later), a new file, a changed tsconfig: built again.
    writeFileSync(join(root, 'shared', 'a.ts'), 'export const a = 2;\n');
    utimesSync(join(root, 'shared', 'a.ts'), new Date(), new Date(Date.now() + 5000));
    const edited = stamp(root);
    expect(edited).not.toBe(first);
    writeFileSync(join(root, 'renderer', 'b.tsx'), '');
    const added = stamp(root);
    expect(added).not.toBe(edited);
    writeFileSync(join(root, 'tsconfig.node.json'), '{ }');
    expect(stamp(root)).not.toBe(added);
  });

  it('is kept by npm run build, so that the start after it builds nothing', () => {
    root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
    mkdirSync(join(root, 'shared'));
    mkdirSync(join(root, 'out'));
    writeFileSync(join(root, 'shared', 'a.ts'), 'export const a = 1;\n');
    (writeStamp as (r: string) => void)(root);
    const kept = JSON.parse(readFileSync(join(root, 'out', '.build-stamp'), 'utf8')) as { stamp: string };
    expect(kept.stamp).toBe(stamp(root));
  });
});
