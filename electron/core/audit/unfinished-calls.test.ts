import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../e2e/harness/harness.js';
import type { AuditFields } from './audit-fields.js';
import { AuditLog } from './audit-log.js';
import { unfinishedCalls } from './unfinished-calls.js';

const call = (kind: AuditFields['kind'], callId: string, more: Partial<AuditFields> = {}): AuditFields => ({
  kind,
  serverId: 's',
  serverIdentity: 'id-s',
  tool: `tool-${callId}`,
  fingerprint: `fp-${callId}`,
  callId,
  argsHash: `h-${callId}`,
  requestedBy: { kind: 'agent', name: 'claude' },
  ...more,
});
const TASK = { detail: { method: 'tasks/update', taskId: 't' } };

describe('the calls a log left without an outcome', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = tempDir();
    path = join(dir, 'audit.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes the entries as a console that closed its log would, and returns their sequence numbers by call and kind. */
  function write(entries: AuditFields[]): Map<string, number> {
    const log = new AuditLog(path, { fsync: false });
    log.open();
    const seqs = new Map<string, number>();
    for (const f of entries) seqs.set(`${f.callId} ${f.kind}${f.detail ? ' task' : ''}`, log.append(f).seq);
    log.close();
    return seqs;
  }
  const kinds = () =>
    readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; callId?: string; outcome?: string });

  it('finds each request with no outcome: never sent without its approval, unknown with it; a task answer is not the call outcome', () => {
    const seq = write([
      call('call-requested', 'done'),
      call('call-requested', 'undecided'),
      call('approved', 'done'),
      call('call-requested', 'approved'),
      call('completed', 'done'),
      call('approved', 'approved'),
      call('call-requested', 'task'),
      call('approved', 'task'),
      call('task-input', 'task', TASK),
      call('denied', 'task', TASK),
      call('call-requested', 'refused'),
      call('denied', 'refused'),
      call('call-requested', 'gone'),
      call('abandoned', 'gone'),
      { kind: 'connect', serverId: 's' },
    ]);
    const found = unfinishedCalls(path);
    expect(found.map((f) => [f.callId, f.outcome])).toEqual([
      ['undecided', 'not-sent'],
      ['approved', 'unknown'],
      ['task', 'unknown'],
    ]);
    // Each closes its call with what the request said of it.
    expect(found[1]).toMatchObject({
      kind: 'abandoned',
      serverId: 's',
      serverIdentity: 'id-s',
      tool: 'tool-approved',
      fingerprint: 'fp-approved',
      argsHash: 'h-approved',
      requestedBy: { kind: 'agent', name: 'claude' },
      decidedBy: 'system',
      detail: { requestedSeq: seq.get('approved call-requested'), approvedSeq: seq.get('approved approved') },
    });
    expect(found[0]!.reason).toMatch(/never sent/);
    expect(found[1]!.reason).toMatch(/may have reached the server/);
  });

  it('reads the log in slices: lines and characters cut between two slices stay whole', () => {
    // The first slice is 1 MiB: the euro sign (3 bytes) of the second call's tool name is cut by its end.
    const second = JSON.stringify(call('call-requested', 'b', { tool: 'tool-€-b' }));
    const at = 1024 * 1024 - 1 - Buffer.byteLength(second.slice(0, second.indexOf('€')));
    const empty = JSON.stringify(call('call-requested', 'a', { reason: '' }));
    const first = JSON.stringify(
      call('call-requested', 'a', { reason: 'y'.repeat(at - 1 - Buffer.byteLength(empty)) }),
    );
    writeFileSync(path, `${first}\n${second}\n`);
    const euro = readFileSync(path).indexOf('€');
    expect([euro, euro + 3]).toEqual([1024 * 1024 - 1, 1024 * 1024 + 2]);
    expect(unfinishedCalls(path).map((f) => [f.callId, f.tool])).toEqual([
      ['a', 'tool-a'],
      ['b', 'tool-€-b'],
    ]);
  });

  it('the log closes them when its last writer stopped without closing it (its lock left behind), once, and the chain stays whole', () => {
    write([call('call-requested', 'undecided'), call('call-requested', 'sent'), call('approved', 'sent')]);
    // A console that closed its log left no lock: nothing is looked for.
    const clean = new AuditLog(path, { fsync: true });
    clean.open();
    clean.close();
    expect(kinds().filter((e) => e.kind === 'abandoned')).toEqual([]);
    // One that crashed left its lock, naming a process that is gone.
    writeFileSync(`${path}.lock`, '2147483646');
    const next = new AuditLog(path, { fsync: true });
    next.open();
    expect(next.verify()).toMatchObject({ ok: true });
    next.close();
    expect(kinds().filter((e) => e.kind === 'abandoned')).toEqual([
      expect.objectContaining({ callId: 'undecided', outcome: 'not-sent' }),
      expect.objectContaining({ callId: 'sent', outcome: 'unknown' }),
    ]);
    writeFileSync(`${path}.lock`, '2147483646');
    const again = new AuditLog(path, { fsync: true });
    again.open();
    again.close();
    expect(kinds().filter((e) => e.kind === 'abandoned')).toHaveLength(2);
  });

  it('a torn last line (an interrupted write) also means the writer stopped mid-way', () => {
    write([call('call-requested', 'torn')]);
    writeFileSync(path, readFileSync(path, 'utf8') + '{"seq":2,"kind":"appro');
    const next = new AuditLog(path, { fsync: true });
    next.open();
    next.close();
    expect(kinds().map((e) => e.kind)).toEqual(['call-requested', 'log-recovered', 'abandoned']);
  });
});
