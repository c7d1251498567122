import { isIP, connect as netConnect, type Socket } from 'node:net';
import { readPlacedBytes } from '../../support/index.js';
import { hostname } from 'node:os';
import { connect as tlsConnect } from 'node:tls';
import { isWarning, type ShipItem, type Sink } from './sink.js';

/** The facility the entries are sent under: 13, "log audit" (RFC 5424 §6.2.1). */
const FACILITY = 13;
/**
 * The structured data's id: our name at the example enterprise number (RFC 5612 reserves 32473 for documentation; no
 * number is registered for this project).
 */
const SD_ID = 'mcpConsole@32473';
/** How long a connection must stay up after a write before what it carried counts as delivered. */
const SETTLE_MS = 500;

/** An RFC 5424 field: printable US-ASCII, no space, at most `max` characters, or "-". */
function field(s: string, max: number): string {
  const clean = s.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return clean || '-';
}

/** A structured-data parameter value (RFC 5424 §6.3.3: `"`, `\` and `]` escaped). */
const sdValue = (s: string) => s.replace(/[\\"\]]/g, (c) => `\\${c}`);

/**
 * One entry as an RFC 5424 message: the entry's kind as MSGID, its sequence number and hashes as
 * structured data, and the entry's line from the log as the message (UTF-8, with the BOM).
 */
export function syslogMessage(item: ShipItem, host = hostname(), pid = process.pid): string {
  const severity = isWarning(item.kind) ? 4 : 6;
  const sd = `[${SD_ID} seq="${item.seq}" hash="${sdValue(item.hash)}" prevHash="${sdValue(item.prevHash)}"${item.anchor ? ' anchor="1"' : ''}]`;
  return `<${FACILITY * 8 + severity}>1 ${item.time} ${field(host, 255)} mcp-console ${pid} ${field(item.anchor ? 'checkpoint' : item.kind, 32)} ${sd} \ufeff${item.line}`;
}

/** Octet-counting framing (RFC 6587 §3.4.1): the message's length in bytes, a space, the message. */
export function octetFrame(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
}

/** A connection to a receiver: TLS (checked against `caFile`, or the system's roots) or plain TCP. */
export function openStream(url: URL, tls: boolean, caFile?: string): Socket {
  const port = Number(url.port);
  const host = url.hostname;
  return tls
    ? tlsConnect({
        host,
        port,
        ...(isIP(host) === 0 && { servername: host }),
        ...(caFile && { ca: readPlacedBytes(caFile, 'the CA file', 1024 * 1024) }),
      })
    : netConnect({ host, port });
}

/**
 * Syslog over TCP (`tcp://host:port`) or TLS (`tls://host:port`, the server checked against `ca` or the system's
 * roots).
 */
export class SyslogSink implements Sink {
  readonly target: string;
  /** Syslog over TCP has no acknowledgement: written to a connection that stayed up is all it can say. */
  readonly acknowledged = false;
  private socket: Socket | null = null;
  private opening: Promise<Socket> | null = null;
  private broken: Error | null = null;

  constructor(
    url: URL,
    private readonly opts: { caFile?: string; timeoutMs?: number } = {},
  ) {
    if (url.protocol !== 'tcp:' && url.protocol !== 'tls:')
      throw new Error(`syslog is shipped over tcp:// or tls://, not ${url.protocol}`);
    if (!url.port) throw new Error(`name the syslog receiver's port: ${url.protocol}//${url.hostname}:PORT`);
    this.url = url;
    this.target = `${url.protocol}//${url.host}`;
  }
  private readonly url: URL;

  async send(items: readonly ShipItem[]): Promise<void> {
    const socket = await this.open();
    const frames = Buffer.concat(items.map((i) => octetFrame(syslogMessage(i))));
    await new Promise<void>((resolve, reject) => {
      socket.write(frames, (e) => (e ? reject(e) : resolve()));
    });
    // Syslog has no acknowledgement: what was written counts once the connection outlived it a moment.
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => (this.broken ? reject(this.broken) : resolve()), SETTLE_MS);
      const gone = () => {
        clearTimeout(t);
        reject(this.broken ?? new Error('the syslog receiver closed the connection'));
      };
      if (this.broken || socket.destroyed) return gone();
      socket.once('close', gone);
      t.unref?.();
    });
  }

  private open(): Promise<Socket> {
    if (this.socket && !this.socket.destroyed && !this.broken) return Promise.resolve(this.socket);
    this.opening ??= new Promise<Socket>((resolve, reject) => {
      this.broken = null;
      const s = openStream(this.url, this.url.protocol === 'tls:', this.opts.caFile);
      const ready = this.url.protocol === 'tls:' ? 'secureConnect' : 'connect';
      const timer = setTimeout(
        () => s.destroy(new Error(`no connection to ${this.target} within ${this.opts.timeoutMs ?? 5000} ms`)),
        this.opts.timeoutMs ?? 5000,
      );
      s.once(ready, () => {
        clearTimeout(timer);
        s.setKeepAlive(true, 10_000);
        this.socket = s;
        resolve(s);
      });
      s.on('error', (e) => {
        clearTimeout(timer);
        this.broken = e;
        reject(e);
      });
      // The receiver closing its side (rsyslog stopping): nothing written after this is delivered.
      s.on('end', () => {
        this.broken ??= new Error('the syslog receiver closed the connection');
        s.destroy();
      });
      s.on('close', () => {
        this.broken ??= new Error('the connection to the syslog receiver closed');
        if (this.socket === s) this.socket = null;
      });
      s.on('data', () => undefined); // a receiver says nothing; read it anyway so the socket is not held up
    }).finally(() => (this.opening = null));
    return this.opening;
  }

  close(): void {
    this.socket?.end();
    this.socket = null;
  }
}
