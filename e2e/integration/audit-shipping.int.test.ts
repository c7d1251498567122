import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCore, tempDir, type Harness } from '../harness/harness.js';
import { freePort, Rsyslog, RSYSLOGD, testCertificates } from '../harness/rsyslog.js';
import { partsOf } from '../../electron/core/testing.js';
import { verifyAuditLog } from '../../electron/core/index.js';
import type { ShipTargetStatus } from '../../shared/schemas/shipping.js';

/**
 * Audit shipping to a real rsyslog (Debian's package, started here with a config of its own on a
 * loopback port): every entry arrives, in order, with its sequence number and hash; a receiver that
 * stops for a while, and a console that restarts, lose nothing (a repeat is told by its seq).
 */
const have = existsSync(RSYSLOGD);
if (!have)
  console.log(`skipped: ${RSYSLOGD} is not installed (apt-get install rsyslog rsyslog-gnutls; .ci/run installs it)`);

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function record(h: Harness, n: number, tag: string): void {
  for (let i = 0; i < n; i++)
    partsOf(h.core).trail.record({
      kind: 'config',
      reason: `${tag} ${i}`,
      detail: { text: 'ünïcødé ✓ "quoted" ] \\ back' },
    });
}

const status = (h: Harness): ShipTargetStatus => partsOf(h.core).shipping.view().targets[0]!;

/** Waits for `test`; on time out, says what it waited for (and `show()`, the state it saw last). */
const until = (what: string, test: () => boolean, timeout = 20_000, show?: () => unknown) =>
  vi.waitUntil(test, { timeout, interval: 50 }).catch(() => {
    throw new Error(`timed out waiting for ${what}${show ? `: ${JSON.stringify(show())}` : ''}`);
  });

const logLines = (dataDir: string) => readFileSync(join(dataDir, 'audit.jsonl'), 'utf8').trim().split('\n');
const newest = (dataDir: string) => (JSON.parse(logLines(dataDir).at(-1)!) as { seq: number }).seq;

/**
 * The entries received, first sight of each seq, in the order received: must be 1..n, each line as the log holds it.
 */
function checkReceived(r: Rsyslog, dataDir: string): { seqs: number[]; repeats: number; anchors: string[] } {
  const got = r.received();
  const lines = logLines(dataDir);
  const first = new Map<number, string>();
  const order: number[] = [];
  let repeats = 0;
  const anchors: string[] = [];
  for (const m of got) {
    if (m.anchor) {
      anchors.push(m.line);
      continue;
    }
    const before = first.get(m.seq);
    if (before !== undefined) {
      repeats++;
      expect(m.line).toBe(before);
      continue;
    }
    first.set(m.seq, m.line);
    order.push(m.seq);
    expect(m.line, `seq ${m.seq}`).toBe(lines[m.seq - 1]);
  }
  return { seqs: order, repeats, anchors };
}

describe.skipIf(!have)('audit shipping to rsyslog', () => {
  it('over TCP: in order and complete; rsyslog stopped and restarted loses nothing; so does the console restarted mid-stream', async () => {
    const dir = tempDir();
    const port = await freePort();
    const rs = new Rsyslog(dir, port);
    await rs.start();
    cleanup.push(
      () => rs.stop(),
      () => rmSync(dir, { recursive: true, force: true }),
    );
    const dataDir = tempDir();
    const ship = { syslog: `tcp://127.0.0.1:${port}` };
    let h = makeCore({ dataDir, ship });
    cleanup.push(() => h.dispose());

    record(h, 200, 'first');
    await until(
      'the first 200 entries delivered',
      () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
    );
    await until('rsyslog to write them', () => checkReceived(rs, dataDir).seqs.length >= newest(dataDir));

    // The receiver stops: the console goes on, says so once, and keeps what waits in its log.
    await rs.stop();
    record(h, 5, 'while down');
    await until('the outage to be seen', () => status(h).state === 'down');
    record(h, 50, 'still down');
    expect(
      h.core.queryAudit({ kind: 'shipping', limit: 10 }).map((e) => (e.detail as { state: string }).state),
    ).toEqual(['down']);
    expect(status(h)).toMatchObject({ state: 'down', error: expect.any(String), waiting: expect.any(Number) });
    expect(status(h).waiting).toBeGreaterThanOrEqual(55);

    // Back: everything that waited arrives, and the log says shipping resumed.
    await rs.start();
    await until(
      'the backlog delivered',
      () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
      60_000,
    );
    expect(
      h.core.queryAudit({ kind: 'shipping', limit: 10 }).map((e) => (e.detail as { state: string }).state),
    ).toEqual(['down', 'resumed']);

    // The console stops while the receiver is down and starts again: the backlog is shipped from its cursor.
    await rs.stop();
    record(h, 40, 'before restart');
    await h.core.close();
    h = makeCore({ dataDir, ship });
    record(h, 10, 'after restart');
    await rs.start();
    await until(
      'the backlog after a restart',
      () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
      60_000,
    );
    await h.core.close();
    await rs.stop();
    const got = checkReceived(rs, dataDir);
    const n = newest(dataDir);
    // Every entry, each first seen in the order of the log (a repeat after a reconnect is told by its seq).
    expect(got.seqs).toEqual(Array.from({ length: got.seqs.length }, (_, i) => i + 1));
    expect(got.seqs.length).toBeGreaterThanOrEqual(n - 5); // the console's own closing entries ship at its next start
    // The signed checkpoint travels with the entries: kept as an anchor, it verifies the log.
    expect(got.anchors.length).toBeGreaterThan(0);
    const anchorFile = join(dir, 'anchor.json');
    writeFileSync(anchorFile, got.anchors.at(-1)!);
    const verified = verifyAuditLog(dataDir, { anchor: anchorFile });
    expect(verified.ok).toBe(true);
    expect(verified.anchor?.seq).toBe((JSON.parse(got.anchors.at(-1)!) as { seq: number }).seq);
  });

  it('over TLS with a test CA; a receiver whose certificate the CA did not sign is refused and said so', async () => {
    const dir = tempDir();
    const certs = testCertificates(dir);
    const port = await freePort();
    const rs = new Rsyslog(dir, port, certs);
    await rs.start();
    cleanup.push(
      () => rs.stop(),
      () => rmSync(dir, { recursive: true, force: true }),
    );

    const other = tempDir();
    const otherCa = testCertificates(other).ca;
    const wrong = makeCore({ ship: { syslog: `tls://127.0.0.1:${port}`, ca: otherCa } });
    cleanup.push(
      () => wrong.dispose(),
      () => rmSync(other, { recursive: true, force: true }),
    );
    record(wrong, 3, 'wrong ca');
    await until('the refusal', () => status(wrong).state === 'down');
    expect(status(wrong).error).toMatch(/certificate|self[- ]signed|verify/i);
    await wrong.core.close();

    const dataDir = tempDir();
    const h = makeCore({ dataDir, ship: { syslog: `tls://127.0.0.1:${port}`, ca: certs.ca } });
    cleanup.push(() => h.dispose());
    record(h, 30, 'tls');
    await until(
      'delivered over TLS',
      () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
      15_000,
      () => ({ status: status(h), newest: newest(dataDir) }),
    );
    await until('rsyslog to write them', () => checkReceived(rs, dataDir).seqs.length >= newest(dataDir));
    expect(checkReceived(rs, dataDir).seqs).toEqual(Array.from({ length: newest(dataDir) }, (_, i) => i + 1));
  });
});
