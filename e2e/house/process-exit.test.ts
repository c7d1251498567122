import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, sourceFiles } from './source-files.js';

/**
 * A process of ours ends itself one way: `exitWhenWritten` (electron/launch/exit-written.ts), which waits
 * until what it printed has left. A bare `process.exit` after a large write to a pipe cut the output short
 * (a `tools --json` parsed as unterminated JSON). Any new `process.exit(` in shipped code fails here.
 */
const DOOR = 'electron/launch/exit-written.ts';

const code = codeOf;

describe('ending a process', () => {
  it('ends only through the door that waits for its output', () => {
    const root = new URL('../../', import.meta.url).pathname;
    const shipped = ['electron', 'shared', 'renderer', 'bin'].flatMap((d) =>
      sourceFiles(join(root, d), /\.(?:tsx?|m?js)$/),
    );
    const offenders = shipped
      .map((f) => relative(root, f))
      .filter(
        (rel) =>
          rel !== DOOR && /\bprocess\.(?:exit|reallyExit)\s*\(/.test(code(readFileSync(join(root, rel), 'utf8'))),
      );
    expect(offenders).toEqual([]);
    expect(code(readFileSync(join(root, DOOR), 'utf8'))).toMatch(/process\.exit\(/);
    // The command line's entry goes through it.
    expect(code(readFileSync(join(root, 'bin/mcp-console.js'), 'utf8'))).toMatch(/exitWhenWritten\(/);
  });

  it('is caught when planted', () => {
    expect(/\bprocess\.(?:exit|reallyExit)\s*\(/.test(code('x.then(() => process.exit(1)); // process.exit'))).toBe(
      true,
    );
    expect(/\bprocess\.(?:exit|reallyExit)\s*\(/.test(code('/* process.exit(1) */ const a = 1;'))).toBe(false);
  });
});
