import type { Socket } from 'node:net';
import type { ShipItem, Sink } from './sink.js';
import { openStream, syslogMessage } from './syslog-sink.js';

/**
 * Syslog over RELP (rsyslog's Reliable Event Logging Protocol, `imrelp`): every message is a
 * numbered frame the receiver answers with "200 OK" once it has taken it, so an entry counts as
 * delivered only when the receiver said so. Frames: `TXNR SP COMMAND SP DATALEN [SP DATA] LF`.
 * A session opens with `open` (offers: relp_version=0, commands=syslog), carries `syslog` frames,
 * and ends with `close`. Unanswered frames are rejected (the shipper sends them again: at least
 * once, in order) when the connection drops or the receiver says nothing for `ackMs`: a stalled
 * receiver holds one batch in memory, never more; the log on disk is the queue.
 */

const SOFTWARE = 'mcp-console';
/** The most one response frame may carry: a receiver that sends more is broken, and the connection is dropped. */
const MAX_FRAME = 64 * 1024;

interface Waiting {
  resolve: () => void;
  reject: (e: Error) => void;
}

/** One parsed frame from the receiver. */
interface Frame {
  txnr: number;
  command: string;
  data: string;
}

/**
 * Parses frames out of what the receiver sent; returns the frames and what is left over. Throws on a malformed frame.
 */
export function parseFrames(buf: Buffer): { frames: Frame[]; rest: Buffer } {
  const frames: Frame[] = [];
  let at = 0;
  for (;;) {
    const head = /^(\d{1,9}) ([a-z]{1,32}) (\d{1,9})/.exec(buf.subarray(at, at + 64).toString('latin1'));
    if (!head) {
      if (
        buf.length - at > 64 ||
        (buf.length - at > 0 && !/^\d{0,9}( [a-z]{0,32}( \d{0,9})?)?$/.test(buf.subarray(at).toString('latin1')))
      )
        throw new Error('the RELP receiver sent a malformed frame');
      return { frames, rest: buf.subarray(at) };
    }
    const len = Number(head[3]);
    if (len > MAX_FRAME) throw new Error(`the RELP receiver sent a frame of ${len} bytes`);
    const dataAt = at + head[0].length + (len > 0 ? 1 : 0);
    const end = dataAt + len;
    if (buf.length < end + 1) return { frames, rest: buf.subarray(at) };
    if (buf[end] !== 10) throw new Error('the RELP receiver sent a frame without its trailer');
    frames.push({ txnr: Number(head[1]), command: head[2]!, data: buf.subarray(dataAt, end).toString('utf8') });
    at = end + 1;
  }
}

/** One frame as bytes. */
export function relpFrame(txnr: number, command: string, data = ''): Buffer {
  const body = Buffer.from(data, 'utf8');
  return Buffer.concat([
    Buffer.from(`${txnr} ${command} ${body.length}${body.length ? ' ' : ''}`, 'latin1'),
    body,
    Buffer.from('\n'),
  ]);
}

export class RelpSink implements Sink {
  readonly target: string;
  readonly acknowledged = true;
  private socket: Socket | null = null;
  private opening: Promise<Socket> | null = null;
  private txnr = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    private readonly url: URL,
    private readonly opts: { caFile?: string; timeoutMs?: number; ackMs?: number } = {},
  ) {
    if (url.protocol !== 'relp:' && url.protocol !== 'relps:')
      throw new Error(`RELP is shipped over relp:// or relps://, not ${url.protocol}`);
    if (!url.port) throw new Error(`name the RELP receiver's port: ${url.protocol}//${url.hostname}:PORT`);
    this.target = `${url.protocol}//${url.host}`;
  }

  async send(items: readonly ShipItem[]): Promise<void> {
    const socket = await this.open();
    const acks = items.map((i) => this.frame(socket, 'syslog', syslogMessage(i)));
    await this.withinAck(Promise.all(acks), `${items.length} entries`);
  }

  /** Writes one frame; resolves when the receiver answers it with 200. */
  private frame(socket: Socket, command: string, data: string): Promise<void> {
    this.txnr = this.txnr >= 999_999_999 ? 1 : this.txnr + 1;
    const txnr = this.txnr;
    const answered = new Promise<void>((resolve, reject) => this.waiting.set(txnr, { resolve, reject }));
    socket.write(relpFrame(txnr, command, data));
    return answered;
  }

  /**
   * A receiver that takes the connection but answers nothing is stalled: the batch is rejected, the connection dropped.
   */
  private withinAck(p: Promise<unknown>, what: string): Promise<void> {
    const ms = this.opts.ackMs ?? 10_000;
    return new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => {
        const e = new Error(`stalled: ${this.target} acknowledged none of ${what} within ${ms / 1000} s`);
        this.drop(e);
        reject(e);
      }, ms);
      p.then(
        () => (clearTimeout(t), resolve()),
        (e: Error) => (clearTimeout(t), reject(e)),
      );
    });
  }

  private drop(e: Error): void {
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Promise<Socket> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket);
    this.opening ??= this.connect().finally(() => (this.opening = null));
    return this.opening;
  }

  private async connect(): Promise<Socket> {
    const tls = this.url.protocol === 'relps:';
    const s = openStream(this.url, tls, this.opts.caFile);
    await new Promise<void>((resolve, reject) => {
      const ms = this.opts.timeoutMs ?? 5000;
      const timer = setTimeout(() => s.destroy(new Error(`no connection to ${this.target} within ${ms} ms`)), ms);
      s.once(tls ? 'secureConnect' : 'connect', () => (clearTimeout(timer), resolve()));
      s.once('error', (e) => (clearTimeout(timer), reject(e)));
    });
    let pending: Buffer = Buffer.alloc(0);
    s.on('data', (chunk: Buffer) => {
      try {
        const { frames, rest } = parseFrames(pending.length ? Buffer.concat([pending, chunk]) : chunk);
        pending = rest;
        for (const f of frames) this.answer(f);
      } catch (e) {
        this.drop(e as Error);
      }
    });
    s.on('error', () => undefined);
    s.on('close', () => {
      if (this.socket === s) this.socket = null;
      const e = new Error(`the connection to ${this.target} closed before it acknowledged`);
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    });
    this.socket = s;
    this.txnr = 0;
    await this.withinAck(
      this.frame(s, 'open', `relp_version=0\nrelp_software=${SOFTWARE}\ncommands=syslog`),
      'the session offer',
    );
    return s;
  }

  /** A response: 200 acknowledges its frame; anything else refuses it. `serverclose` ends the session. */
  private answer(f: Frame): void {
    if (f.command === 'serverclose') return this.drop(new Error(`${this.target} closed the session`));
    if (f.command !== 'rsp') return;
    const w = this.waiting.get(f.txnr);
    if (!w) return;
    this.waiting.delete(f.txnr);
    if (f.data.startsWith('200')) w.resolve();
    else w.reject(new Error(`${this.target} refused an entry: ${f.data.split('\n')[0]!.slice(0, 200)}`));
  }

  close(): void {
    const s = this.socket;
    if (s && !s.destroyed) {
      this.txnr += 1;
      s.end(relpFrame(this.txnr, 'close'));
    }
    this.socket = null;
  }
}
