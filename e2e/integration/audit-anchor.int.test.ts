import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sealedLine } from '../../electron/core/audit/chain.js';
import { partsOf, TestCore } from '../../electron/core/testing.js';
import { tempDir } from '../harness/harness.js';

/**
 * Signed checkpoints (issue "For a team"): a log cut and re-chained, its checkpoint rewritten, passes
 * every local check; against an anchor kept away from the machine it does not. Driven through the
 * command line a person would use: `audit pubkey`, `audit anchor --out`, `audit verify --anchor`.
 */
const BIN = resolve('bin/mcp-console.js');
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, 'audit', ...args], { encoding: 'utf8', timeout: 30_000 });

describe('the audit log against an anchor kept elsewhere', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  /** A data directory whose log holds `n` entries written by a console (and whatever its start wrote). */
  async function logWith(n: number, dataDir = tempDir()): Promise<string> {
    if (!dirs.includes(dataDir)) dirs.push(dataDir);
    const core = new TestCore({ dataDir, auditFsync: false, consent: null });
    core.start();
    for (let i = 0; i < n; i++) partsOf(core).trail.record({ kind: 'config', reason: `entry ${i}` });
    await core.close();
    return dataDir;
  }

  const lines = (dataDir: string) => readFileSync(join(dataDir, 'audit.jsonl'), 'utf8').trim().split('\n');

  /**
   * What someone who can write the data directory does: keeps `keep` of the entries, chains them again, rewrites the
   * checkpoint.
   */
  function rechain(dataDir: string, keep: (seq: number) => boolean): void {
    let prevHash = '0'.repeat(64);
    let seq = 0;
    const out: string[] = [];
    for (const line of lines(dataDir)) {
      const { hash: _h, ...e } = JSON.parse(line) as Record<string, unknown>;
      if (!keep(e.seq as number)) continue;
      const sealed = sealedLine({ ...e, seq: ++seq, prevHash });
      out.push(sealed.line);
      prevHash = sealed.hash;
    }
    writeFileSync(join(dataDir, 'audit.jsonl'), out.join('\n') + '\n');
    writeFileSync(join(dataDir, 'audit.jsonl.checkpoint'), JSON.stringify({ seq, hash: prevHash }) + '\n');
  }

  it('signs every checkpoint; an untouched log holds its anchor, checked with the key its owner kept', async () => {
    const dataDir = await logWith(5);
    const key = cli('pubkey', '--data-dir', dataDir);
    expect(key.status, key.stderr).toBe(0);
    expect(key.stdout.trim()).toMatch(/^ed25519:[A-Za-z0-9+/]{43}=$/);
    const checkpoint = JSON.parse(readFileSync(join(dataDir, 'audit.jsonl.checkpoint'), 'utf8')) as {
      sig?: string;
      key?: string;
    };
    expect(checkpoint.key).toBe(key.stdout.trim());
    expect(checkpoint.sig).toMatch(/^[A-Za-z0-9+/]+=*$/);

    const anchor = join(tempDir(), 'anchor.json');
    dirs.push(join(anchor, '..'));
    const taken = cli('anchor', '--out', anchor, '--data-dir', dataDir);
    expect(taken.status, taken.stderr).toBe(0);
    await logWith(3, dataDir); // the log goes on after the anchor
    const v = cli('verify', '--anchor', anchor, '--pubkey', key.stdout.trim(), '--data-dir', dataDir);
    expect(v.status, v.stdout + v.stderr).toBe(0);
    expect(v.stdout).toMatch(/audit log intact: .*\n.*still holds the entry anchored on .* \(seq \d+\)/);
    expect(v.stderr).toBe('');
  });

  it('a log cut and re-chained after the anchor passes without it, and fails with it', async () => {
    const dataDir = await logWith(6);
    const key = cli('pubkey', '--data-dir', dataDir).stdout.trim();
    const anchor = join(dataDir, '..', `${dataDir.split('/').pop()}-anchor.json`);
    dirs.push(anchor);
    expect(cli('anchor', '--out', anchor, '--data-dir', dataDir).status).toBe(0);
    const seq = (JSON.parse(readFileSync(anchor, 'utf8')) as { seq: number }).seq;
    await logWith(6, dataDir);

    // Entries 3 and 4 removed, everything after chained again: the local checks cannot tell.
    rechain(dataDir, (s) => s !== 3 && s !== 4);
    expect(cli('verify', '--data-dir', dataDir).status).toBe(0);
    const v = cli('verify', '--anchor', anchor, '--pubkey', key, '--data-dir', dataDir);
    expect(v.status).toBe(1);
    expect(v.stdout).toMatch(new RegExp(`broken at seq ${seq}: the log's entry seq ${seq} is not the one anchored on`));

    // The end cut off below the anchored entry (and the checkpoint rewritten to match).
    rechain(dataDir, (s) => s < seq - 2);
    expect(cli('verify', '--data-dir', dataDir).status).toBe(0);
    expect(cli('verify', '--anchor', anchor, '--pubkey', key, '--data-dir', dataDir).stdout).toMatch(
      new RegExp(
        `no longer holds entry seq ${seq}, anchored on .*: entries were removed from it after the anchor was taken`,
      ),
    );
  });

  it('refuses an anchor checked with another key, or changed after it was signed', async () => {
    const dataDir = await logWith(4);
    const other = await logWith(1);
    const anchor = join(dataDir, '..', `${dataDir.split('/').pop()}-anchor.json`);
    dirs.push(anchor);
    expect(cli('anchor', '--out', anchor, '--data-dir', dataDir).status).toBe(0);
    const wrong = cli(
      'verify',
      '--anchor',
      anchor,
      '--pubkey',
      cli('pubkey', '--data-dir', other).stdout.trim(),
      '--data-dir',
      dataDir,
    );
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toMatch(/the anchor was signed by another key/);

    const a = JSON.parse(readFileSync(anchor, 'utf8')) as { seq: number };
    writeFileSync(anchor, JSON.stringify({ ...a, seq: a.seq - 1 }));
    const changed = cli('verify', '--anchor', anchor, '--data-dir', dataDir);
    expect(changed.status).toBe(1);
    expect(changed.stdout).toMatch(/the anchor's signature does not hold/);
  });

  it("checked with the data directory's own key, it says that key could have been replaced; usage errors are stated", async () => {
    const dataDir = await logWith(2);
    const anchor = join(dataDir, '..', `${dataDir.split('/').pop()}-anchor.json`);
    dirs.push(anchor);
    expect(cli('anchor', '--out', anchor, '--data-dir', dataDir).status).toBe(0);
    const v = cli('verify', '--anchor', anchor, '--data-dir', dataDir);
    expect(v.status).toBe(0);
    expect(v.stderr).toMatch(
      /checked with the data directory's public key, which whoever can rewrite the log can replace/,
    );
    expect(cli('anchor', '--data-dir', dataDir).stderr).toMatch(/audit anchor needs --out FILE/);
    expect(cli('verify', '--pubkey', 'ed25519:x', '--data-dir', dataDir).stderr).toMatch(/--pubkey checks an anchor/);
    expect(cli('verify', '--anchor', join(dataDir, 'nope.json'), '--data-dir', dataDir).stdout).toMatch(
      /there is no anchor file at/,
    );
  });
});
