import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_CALLS } from '../../electron/core/calls/index.js';
import { callApproved, fixtureStdio, makeCore, tempDir } from '../harness/harness.js';

const open: Array<{ dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.dispose();
});

describe('History across restarts', () => {
  it('lists the calls of an earlier session, with their outcome and result, and calls them again', async () => {
    const dataDir = tempDir();
    const first = makeCore({ dataDir });
    first.core.addServer('fx', fixtureStdio());
    await first.core.connect('fx');
    const done = await callApproved(first, 'fx', 'echo', { message: 'remember me' });
    expect(done.outcome).toBe('ok');
    await first.core.close();

    const second = makeCore({ dataDir });
    open.push(second);
    const kept = second.core.listCalls().find((c) => c.id === done.id);
    expect(kept).toMatchObject({ state: 'done', outcome: 'ok', tool: 'echo', argsJson: done.argsJson });
    expect(JSON.stringify(kept?.result)).toContain('remember me');
  });

  it('keeps the newest calls only, and skips a line that is not a call', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'history.jsonl');
    const call = (i: number) =>
      JSON.stringify({
        id: `c${i}`,
        serverId: 'fx',
        tool: 'echo',
        argsJson: '{}',
        argsHash: 'h'.repeat(64),
        fingerprint: 'f'.repeat(64),
        requestedBy: { kind: 'console' },
        state: 'done',
        outcome: 'ok',
        requestedAt: new Date(0).toISOString(),
      });
    const lines = Array.from({ length: KEPT_CALLS + 20 }, (_, i) => call(i));
    writeFileSync(file, [...lines.slice(0, 10), '{ torn', ...lines.slice(10), ''].join('\n'));
    const h = makeCore({ dataDir });
    open.push(h);
    const ids = h.core.listCalls().map((c) => c.id);
    expect(ids).toHaveLength(KEPT_CALLS);
    expect(ids.at(-1)).toBe(`c${KEPT_CALLS + 19}`);
    expect(ids).not.toContain('c0');
    expect(readFileSync(file, 'utf8')).toContain('{ torn');
  });

  it('says at start, and in the audit log, when the file of earlier sessions cannot be read', async () => {
    const dataDir = tempDir();
    // A folder where the file should be: nothing to read, and nothing can be appended.
    mkdirSync(join(dataDir, 'history.jsonl'));
    const h = makeCore({ dataDir });
    open.push(h);
    expect(h.problems.find((p) => p.startsWith('History from earlier sessions could not be read'))).toBeDefined();
    // The audit log has it once its write lands.
    await expect
      .poll(() => readFileSync(join(dataDir, 'audit.jsonl'), 'utf8'), { timeout: 5000 })
      .toContain('History from earlier sessions could not be read');
    expect(h.core.listCalls()).toEqual([]);
  });
});
