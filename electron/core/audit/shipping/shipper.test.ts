import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditFields } from '../audit-fields.js';
import { Shipper } from './shipper.js';
import type { ShipItem, Sink } from './sink.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A log of n entries as the console writes them (fields, then seq, time, prevHash, hash last). */
function log(n: number): { dir: string; path: string; lines: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'shipper-'));
  dirs.push(dir);
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      kind: 'config',
      reason: `é ${i}`,
      args: { seq: 999 },
      seq: i + 1,
      time: '2026-11-26T00:00:00.000Z',
      prevHash: `p${i}`,
      hash: `h${i + 1}`,
    }),
  );
  const path = join(dir, 'audit.jsonl');
  writeFileSync(path, lines.map((l) => l + '\n').join(''));
  return { dir, path, lines };
}

class Collecting implements Sink {
  readonly target = 'test://sink';
  readonly acknowledged = true;
  got: ShipItem[] = [];
  async send(items: readonly ShipItem[]): Promise<void> {
    this.got.push(...items);
  }
  close(): void {}
}

async function ship(path: string, cursorPath: string, newest: number, maxBacklog = 100_000) {
  const sink = new Collecting();
  const audit: AuditFields[] = [];
  const s = new Shipper('syslog', sink, {
    logPath: path,
    cursorPath,
    logSeq: () => newest,
    checkpoint: () => null,
    audit: (f) => audit.push(f),
    changed: () => {},
    maxBacklog,
  });
  s.start();
  await vi.waitUntil(() => s.status().state === 'caught-up', { timeout: 5000, interval: 10 });
  s.stop();
  return { seqs: sink.got.map((i) => i.seq), lines: sink.got.map((i) => i.line), audit };
}

describe('a shipper reads what waits from the log', () => {
  it('from its cursor: where the delivered line ended when known, and from the start when the file moved', async () => {
    const { dir, path, lines } = log(20);
    const cursor = join(dir, 'cursor.json');
    const all = await ship(path, cursor, 20);
    expect(all.seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(all.lines).toEqual(lines);
    // The cursor says where seq 20's line ends: exactly the file's size.
    expect(JSON.parse(readFileSync(cursor, 'utf8'))).toEqual({
      target: 'test://sink',
      seq: 20,
      end: readFileSync(path).length,
    });

    // Ten more entries: read from that offset on.
    const more = Array.from({ length: 10 }, (_, i) =>
      JSON.stringify({
        kind: 'config',
        reason: `more ${i}`,
        seq: 21 + i,
        time: '2026-11-26T00:00:00.000Z',
        prevHash: `p${20 + i}`,
        hash: `h${21 + i}`,
      }),
    );
    writeFileSync(path, [...lines, ...more].map((l) => l + '\n').join(''));
    expect((await ship(path, cursor, 30)).seqs).toEqual(Array.from({ length: 10 }, (_, i) => 21 + i));

    // A cursor whose offset no longer points at the next entry: the file is read from the start.
    writeFileSync(cursor, JSON.stringify({ target: 'test://sink', seq: 25, end: 17 }));
    expect((await ship(path, cursor, 30)).seqs).toEqual([26, 27, 28, 29, 30]);
    // A cursor for another target starts over.
    writeFileSync(cursor, JSON.stringify({ target: 'test://other', seq: 25 }));
    expect((await ship(path, cursor, 30)).seqs).toHaveLength(30);
  });

  it('sends a new receiver at most the newest entries of its backlog, and records what it skipped', async () => {
    const { dir, path } = log(50);
    const r = await ship(path, join(dir, 'c.json'), 50, 10);
    expect(r.seqs).toEqual(Array.from({ length: 10 }, (_, i) => 41 + i));
    expect(r.audit).toEqual([
      expect.objectContaining({
        kind: 'shipping',
        detail: expect.objectContaining({ state: 'skipped', from: 1, to: 40 }),
      }),
    ]);
  });
});
