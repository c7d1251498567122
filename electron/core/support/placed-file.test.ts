import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, ftruncateSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentStore } from '../agents/index.js';
import { readAnchor } from '../audit/anchor.js';
import { loadCollection } from '../collections/index.js';
import { readPolicyFile } from '../policy/index.js';
import { BaselineStore } from '../review/baseline-store.js';
import { readPlacedText } from './placed-file.js';

const dir = mkdtempSync(join(tmpdir(), 'placed-'));
afterAll(() => execFileSync('rm', ['-rf', dir]));

/** Each kind of file someone may put where the console expects a file of its own. */
function kinds(): [string, string, RegExp][] {
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const sparse = join(dir, 'sparse');
  const fd = openSync(sparse, 'w');
  ftruncateSync(fd, 2 * 1024 ** 3);
  closeSync(fd);
  const loop = join(dir, 'loop-a');
  symlinkSync(join(dir, 'loop-b'), loop);
  symlinkSync(loop, join(dir, 'loop-b'));
  const folder = join(dir, 'folder');
  mkdirSync(folder);
  return [
    ['a FIFO with no writer', fifo, /is a FIFO \(named pipe\); only a regular file is read/],
    ['a device', '/dev/zero', /is a device; only a regular file is read/],
    ['a 2 GB sparse file', sparse, /is 2,147,483,648 bytes; the limit is/],
    ['a symlink loop', loop, /its symbolic links form a loop/],
    ['a directory', folder, /is a directory; only a regular file is read/],
  ];
}
const KINDS = kinds();

describe('files someone else can place', () => {
  it.each(KINDS)('refuses %s at once, saying what it is', (_name, path, why) => {
    const t0 = performance.now();
    expect(() => readPlacedText(path, 'the policy file')).toThrow(why);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('reads a regular file, and says plainly when there is none', () => {
    const ok = join(dir, 'ok.json');
    writeFileSync(ok, '{"a":1}');
    expect(readPlacedText(ok, 'x')).toBe('{"a":1}');
    expect(() => readPlacedText(join(dir, 'none'), 'the config file')).toThrow(
      /the config file \(.*none\) does not exist/,
    );
  });

  it.each(KINDS)(
    'keeps the policy loader, the collection loader and the baseline store alive on %s',
    (_name, path, why) => {
      const policy = readPolicyFile(path);
      expect('problem' in policy && policy.problem).toMatch(why);
      expect(() => loadCollection(path)).toThrow(why);
      const data = mkdtempSync(join(dir, 'data-'));
      symlinkSync(path, join(data, 'review-baseline.json'));
      const baseline = new BaselineStore(data, () => {});
      baseline.load();
      expect(baseline.problem).toMatch(why);
      // The agents file fails closed: no agent is let in, and the reason is said.
      symlinkSync(path, join(data, 'agents.json'));
      const agents = new AgentStore(data);
      expect(agents.list()).toEqual([]);
      expect(agents.problem).toMatch(why);
      expect(readAnchor(path)).toMatch(why);
    },
  );

  it('refuses at load a policy whose "@" name matches nobody, or whose "rules" is given twice', () => {
    const named = join(dir, 'at.json');
    writeFileSync(named, JSON.stringify({ rules: [{ effect: 'deny', agent: '@Person', tool: '*', reason: 'x' }] }));
    expect(readPolicyFile(named)).toMatchObject({ problem: expect.stringMatching(/rules\.0\.agent: unknown name/) });
    const twice = join(dir, 'twice.json');
    writeFileSync(twice, '{ "rules": [ { "effect": "deny", "tool": "*", "reason": "x" } ],\n  "rules": [] }');
    expect(readPolicyFile(twice)).toMatchObject({
      problem: expect.stringMatching(/the key "rules" appears twice in one object \(line 2\)/),
    });
  });
});
