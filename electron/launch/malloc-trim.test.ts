import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdMallocTrim } from './malloc-trim.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-console-trim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for the built helper: a CommonJS module with `body` as its source. */
function helper(name: string, body: string): string {
  const file = join(dir, `${name}.cjs`);
  writeFileSync(file, body);
  return file;
}

describe("holding glibc's trim threshold as the command starts", () => {
  const taken = helper('taken', 'exports.holdTrimThreshold = () => true;');

  it('loads the helper and holds the threshold on Linux', () => {
    expect(holdMallocTrim(taken, {}, 'linux')).toBe('held');
  });

  it('does nothing on a system without glibc', () => {
    expect(holdMallocTrim(taken, {}, 'darwin')).toBe('not-linux');
    expect(holdMallocTrim(taken, {}, 'win32')).toBe('not-linux');
  });

  it("leaves a person's own malloc settings as they are", () => {
    for (const v of ['MALLOC_TRIM_THRESHOLD_', 'MALLOC_TOP_PAD_', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_MMAP_MAX_'])
      expect(holdMallocTrim(taken, { [v]: '1048576' }, 'linux'), v).toBe('set-by-environment');
    expect(holdMallocTrim(taken, { GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=4194304' }, 'linux')).toBe(
      'set-by-environment',
    );
    expect(
      holdMallocTrim(taken, { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=65536' }, 'linux'),
    ).toBe('set-by-environment');
    // Settings that do not fix the threshold leave it the console's to hold.
    expect(holdMallocTrim(taken, { MALLOC_ARENA_MAX: '2', GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 'linux')).toBe(
      'held',
    );
  });

  it('runs on without the helper, or with one that cannot hold it', () => {
    expect(holdMallocTrim(join(dir, 'not-built.node'), {}, 'linux')).toBe('unavailable');
    expect(holdMallocTrim(helper('broken', 'throw new Error("wrong ELF class");'), {}, 'linux')).toBe('unavailable');
    expect(holdMallocTrim(helper('refuses', 'exports.holdTrimThreshold = () => false;'), {}, 'linux')).toBe('refused');
    expect(holdMallocTrim(helper('empty', ''), {}, 'linux')).toBe('refused');
  });
});
