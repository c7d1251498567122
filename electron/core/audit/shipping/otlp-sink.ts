import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import type { ReadableLogRecord } from '@opentelemetry/sdk-logs';
import type * as Exporter from '@opentelemetry/exporter-logs-otlp-proto';
import type * as Resources from '@opentelemetry/resources';
import { isWarning, type ShipItem, type Sink } from './sink.js';

// The OpenTelemetry packages are loaded when a console first ships to an OTLP endpoint: nothing else pays for them.
const load = createRequire(import.meta.url);

/** SeverityNumber (OpenTelemetry logs data model): INFO 9, WARN 13. */
const INFO = 9;
const WARN = 13;

/**
 * OpenTelemetry logs over OTLP/HTTP (protobuf), with the official exporter: each audit entry one log
 * record whose body is the entry's line and whose attributes carry its sequence number and hashes
 * (`mcp_console.audit.seq`, `.hash`, `.prev_hash`, `.kind`); the signed checkpoint as a record of its
 * own (`mcp_console.audit.anchor`). A batch counts as delivered when the endpoint answered success.
 */
export class OtlpSink implements Sink {
  readonly target: string;
  readonly acknowledged = true;
  private exporter: {
    export(r: ReadableLogRecord[], done: (r: { code: number; error?: Error }) => void): void;
    shutdown(): Promise<void>;
  } | null = null;

  constructor(
    private readonly url: URL,
    private readonly timeoutMs = 10_000,
  ) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`OTLP is shipped over http:// or https://, not ${url.protocol}`);
    this.target = `${url.origin}${url.pathname}`;
  }

  async send(items: readonly ShipItem[]): Promise<void> {
    const { exporter, resource, scope } = this.open();
    const records = items.map((i): ReadableLogRecord => {
      const ms = Date.parse(i.time);
      const hr: [number, number] = [Math.floor(ms / 1000), (ms % 1000) * 1e6];
      return {
        hrTime: hr,
        hrTimeObserved: hr,
        severityNumber: isWarning(i.kind) ? WARN : INFO,
        severityText: isWarning(i.kind) ? 'WARN' : 'INFO',
        body: i.line,
        eventName: i.anchor ? 'mcp_console.audit.checkpoint' : `mcp_console.audit.${i.kind}`,
        resource,
        instrumentationScope: scope,
        attributes: {
          'mcp_console.audit.seq': i.seq,
          'mcp_console.audit.hash': i.hash,
          'mcp_console.audit.prev_hash': i.prevHash,
          'mcp_console.audit.kind': i.kind,
          ...(i.anchor && { 'mcp_console.audit.anchor': true }),
        },
        droppedAttributesCount: 0,
      };
    });
    await new Promise<void>((resolve, reject) =>
      exporter.export(records, (r) =>
        r.code === 0 ? resolve() : reject(r.error ?? new Error(`the OTLP endpoint ${this.target} refused the logs`)),
      ),
    );
  }

  private cached: {
    exporter: NonNullable<OtlpSink['exporter']>;
    resource: ReadableLogRecord['resource'];
    scope: ReadableLogRecord['instrumentationScope'];
  } | null = null;

  private open() {
    if (this.cached) return this.cached;
    const { OTLPLogExporter } = load('@opentelemetry/exporter-logs-otlp-proto') as typeof Exporter;
    const { resourceFromAttributes } = load('@opentelemetry/resources') as typeof Resources;
    const exporter = new OTLPLogExporter({
      url: this.url.href,
      timeoutMillis: this.timeoutMs,
    }) as unknown as NonNullable<OtlpSink['exporter']>;
    this.exporter = exporter;
    const resource = resourceFromAttributes({
      'service.name': 'mcp-console',
      'host.name': hostname(),
      'process.pid': process.pid,
    });
    this.cached = { exporter, resource, scope: { name: 'mcp-console.audit', version: '1' } };
    return this.cached;
  }

  close(): void {
    void this.exporter?.shutdown().catch(() => undefined);
    this.exporter = null;
    this.cached = null;
  }
}
