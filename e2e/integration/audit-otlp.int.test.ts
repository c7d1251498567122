import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCore, tempDir, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';
import type { ShipTargetStatus } from '../../shared/schemas/shipping.js';

/**
 * Audit shipping over OTLP/HTTP (protobuf, the official exporter) to a receiver in this test that
 * decodes each request with the OTLP protobuf definitions as the OpenTelemetry project generated
 * them (`@opentelemetry/otlp-transformer` 0.200.0's `generated/root.js`, from opentelemetry-proto).
 * No collector binary can be had on these machines; this receiver answers as one does.
 */
const root = createRequire(import.meta.url)('otlp-proto-root/build/src/generated/root.js') as {
  opentelemetry: {
    proto: {
      collector: {
        logs: {
          v1: {
            ExportLogsServiceRequest: { decode(b: Uint8Array): ExportRequest };
            ExportLogsServiceResponse: { encode(m: object): { finish(): Uint8Array } };
          };
        };
      };
    };
  };
};
const logsV1 = root.opentelemetry.proto.collector.logs.v1;

interface KeyValue {
  key: string;
  value: { stringValue?: string; intValue?: number | { toNumber(): number }; boolValue?: boolean };
}
interface ExportRequest {
  resourceLogs: Array<{
    resource?: { attributes: KeyValue[] };
    scopeLogs: Array<{
      scope?: { name: string };
      logRecords: Array<{
        body?: { stringValue?: string };
        attributes: KeyValue[];
        severityNumber?: number;
        eventName?: string;
      }>;
    }>;
  }>;
}

/** An OTLP/HTTP logs receiver: decodes, keeps, and answers 200 — or 503 while `down`. */
class Receiver {
  records: Array<{ seq: number; kind: string; line: string; anchor: boolean; service?: string }> = [];
  down = false;
  private server: Server;
  url = '';
  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (this.down || req.url !== '/v1/logs' || req.headers['content-type'] !== 'application/x-protobuf') {
          res.writeHead(this.down ? 503 : 400).end();
          return;
        }
        const decoded = logsV1.ExportLogsServiceRequest.decode(Buffer.concat(chunks));
        for (const rl of decoded.resourceLogs) {
          const service = rl.resource?.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
          for (const sl of rl.scopeLogs)
            for (const r of sl.logRecords) {
              const attr = (k: string) => r.attributes.find((a) => a.key === k)?.value;
              const seq = attr('mcp_console.audit.seq')?.intValue;
              this.records.push({
                seq: typeof seq === 'object' ? seq.toNumber() : Number(seq),
                kind: attr('mcp_console.audit.kind')?.stringValue ?? '',
                line: r.body?.stringValue ?? '',
                anchor: attr('mcp_console.audit.anchor')?.boolValue === true,
                service,
              });
            }
        }
        res
          .writeHead(200, { 'content-type': 'application/x-protobuf' })
          .end(Buffer.from(logsV1.ExportLogsServiceResponse.encode({}).finish()));
      });
    });
  }
  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/v1/logs`;
  }
  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const status = (h: Harness): ShipTargetStatus => partsOf(h.core).shipping.view().targets[0]!;
const logLines = (dataDir: string) => readFileSync(join(dataDir, 'audit.jsonl'), 'utf8').trim().split('\n');
const newest = (dataDir: string) => (JSON.parse(logLines(dataDir).at(-1)!) as { seq: number }).seq;
/** Waits for the shipper's status to satisfy `test`; on time out, says what it waited for. */
const until = (what: string, test: () => boolean, timeout = 30_000) =>
  vi.waitUntil(test, { timeout, interval: 50 }).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });
const record = (h: Harness, n: number, tag: string) => {
  for (let i = 0; i < n; i++)
    partsOf(h.core).trail.record({ kind: i % 2 ? 'config' : 'denied', reason: `${tag} ${i}` });
};

describe('audit shipping over OTLP/HTTP', () => {
  it('every entry as a log record with its seq and hash, in order; a receiver down for a while and a console restart lose nothing', async () => {
    const rx = new Receiver();
    await rx.start();
    cleanup.push(() => rx.close());
    const dataDir = tempDir();
    let h = makeCore({ dataDir, ship: { otlp: rx.url } });
    cleanup.push(() => h.dispose());
    record(h, 120, 'first');
    await until('delivered', () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir));

    rx.down = true;
    record(h, 30, 'while down');
    await until('the outage seen', () => status(h).state === 'down');
    expect(status(h).error).toMatch(/retryable status|503/i);
    await h.core.close(); // the console stops while the receiver is down
    h = makeCore({ dataDir, ship: { otlp: rx.url } });
    record(h, 10, 'after restart');
    rx.down = false;
    await until(
      'the backlog delivered',
      () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
      60_000,
    );

    const lines = logLines(dataDir);
    const first = new Map<number, string>();
    const order: number[] = [];
    for (const r of rx.records.filter((x) => !x.anchor)) {
      if (first.has(r.seq)) {
        expect(r.line).toBe(first.get(r.seq));
        continue;
      }
      first.set(r.seq, r.line);
      order.push(r.seq);
      expect(r.line, `seq ${r.seq}`).toBe(lines[r.seq - 1]);
      expect(r.kind).toBe((JSON.parse(r.line) as { kind: string }).kind);
    }
    expect(order).toEqual(Array.from({ length: order.length }, (_, i) => i + 1));
    expect(order.length).toBe(newest(dataDir));
    expect(rx.records[0]!.service).toBe('mcp-console');
    // The signed checkpoint, as an anchor record.
    const anchor = rx.records.find((r) => r.anchor);
    expect(JSON.parse(anchor!.line)).toMatchObject({
      format: 'mcp-console-audit-anchor/1',
      seq: anchor!.seq,
      sig: expect.any(String),
    });
  });
});
