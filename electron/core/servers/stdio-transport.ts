import type { ChildProcess } from 'node:child_process';
import spawn from 'cross-spawn';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { sdk } from '../support/index.js';
import { noteWireText } from '../trace/index.js';

export interface StdioOptions {
  command: string;
  args: string[];
  /** Added to the SDK's minimal environment; the console's own environment is never passed on. */
  env: Record<string, string>;
  cwd?: string;
  maxMessageBytes: number;
  onStderr: (text: string) => void;
  /** A stdout line that is not a JSON-RPC message, or a message over the size limit. */
  onNoise: (what: string) => void;
}

/** The JSON-RPC error code of the answer the console gives itself for a message over its size limit. */
export const TOO_LARGE_CODE = -32050;

/** The id of a response, read from its first or last bytes (`{"jsonrpc":"2.0","id":7,…` or `…,"id":7}`). */
export function messageId(head: string, tail: string): number | string | undefined {
  if (!/^\s*\{/.test(head) || !/"(result|error)"\s*:/.test(head + tail)) return undefined;
  const m =
    /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,100}")/.exec(head) ??
    /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,100}")\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$/.exec(tail);
  const id = m?.[1];
  if (id === undefined) return undefined;
  return id.startsWith('"') ? (JSON.parse(id) as string) : Number(id);
}

/** How the server process ended. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
  /**
   * The console ended it with a signal (a disconnect, a timeout, a failed handshake): not the server's own doing. A
   * server that ends by itself once its input closes is not.
   */
  byConsole?: boolean;
}

/**
 * The MCP stdio transport, owned by the console: a minimal child environment, stderr captured,
 * non-JSON lines reported instead of fatal, a bounded message size, the exit code kept, and the
 * whole process group ended on close.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  exit: ExitInfo | null = null;
  private child?: ChildProcess;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;
  /**
   * While an oversize message is discarded: its first bytes, its last bytes and its size, to name the request it
   * answered.
   */
  private dropped: { head: string; tail: Buffer; bytes: number } | null = null;
  private closing = false;
  /** The console sent the process a signal to end it (it did not end by itself when its input closed). */
  private signalled = false;

  constructor(private readonly opts: StdioOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.opts.command, this.opts.args, {
        // SECURITY: the SDK's minimal environment plus only what the config names.
        env: { ...sdk().getDefaultEnvironment(), ...this.opts.env },
        cwd: this.opts.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        detached: process.platform !== 'win32',
      });
      this.child = child;
      child.once('error', (err) => {
        reject(err);
        this.onerror?.(err);
      });
      child.once('spawn', () => resolve());
      child.once('exit', (code, signal) => {
        this.exit = { code, signal, ...(this.signalled && { byConsole: true }) };
      });
      child.once('close', (code, signal) => {
        this.exit ??= { code, signal, ...(this.signalled && { byConsole: true }) };
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin!.on('error', (err) => {
        if (!this.closing) this.onerror?.(err);
      });
      // SECURITY: a broken pipe is reported, never an uncaught 'error' that ends the console.
      child.stdout!.on('error', (err) => this.opts.onNoise(`stdout error: ${err.message}`));
      child.stderr!.on('error', (err) => this.opts.onNoise(`stderr error: ${err.message}`));
      child.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (text: string) => this.opts.onStderr(text));
    });
  }

  private onData(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) {
        this.keep(chunk.subarray(start));
        return;
      }
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.discarding) {
        this.noteDropped(piece);
        this.discarding = false;
        this.reportOversize();
        continue;
      }
      if (this.pendingBytes + piece.length > this.opts.maxMessageBytes) {
        this.dropOversize(piece);
        this.discarding = false;
        this.reportOversize();
        continue;
      }
      const line = this.pending.length ? Buffer.concat([...this.pending, piece]) : piece;
      this.pending = [];
      this.pendingBytes = 0;
      this.handleLine(line.toString('utf8'));
    }
  }

  private keep(rest: Buffer): void {
    if (rest.length === 0) return;
    if (this.discarding) return this.noteDropped(rest);
    this.pending.push(rest);
    this.pendingBytes += rest.length;
    if (this.pendingBytes > this.opts.maxMessageBytes) this.dropOversize(Buffer.alloc(0));
  }

  private dropOversize(more: Buffer): void {
    // SECURITY: a bounded buffer; an oversize message is dropped (its first and last bytes kept to name it), never kept
    // whole.
    const first = this.pending[0] ?? more;
    this.dropped = { head: first.subarray(0, 256).toString('utf8'), tail: Buffer.alloc(0), bytes: this.pendingBytes };
    this.pending = [];
    this.pendingBytes = 0;
    this.discarding = true;
    this.noteDropped(more);
  }

  private noteDropped(piece: Buffer): void {
    if (!this.dropped) return;
    this.dropped.bytes += piece.length;
    const tail = Buffer.concat([this.dropped.tail, piece.subarray(Math.max(0, piece.length - 256))]);
    this.dropped.tail = tail.subarray(Math.max(0, tail.length - 256));
  }

  /**
   * The oversize message has ended: say so, and when it answered a request (its id is at its start
   * or end), answer that request with a "too large" error at once instead of letting it time out.
   */
  private reportOversize(): void {
    const d = this.dropped;
    this.dropped = null;
    if (!d) return;
    const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
    const message = `too large: ${mb(d.bytes)} over the limit of ${mb(this.opts.maxMessageBytes)} (the maxMessageBytes setting)`;
    this.opts.onNoise(`dropped a message: ${message}`);
    const id = messageId(d.head, d.tail.toString('utf8'));
    if (id !== undefined) this.onmessage?.({ jsonrpc: '2.0', id, error: { code: TOO_LARGE_CODE, message } });
  }

  private handleLine(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.opts.onNoise(`non-JSON line on stdout: ${line.length > 500 ? line.slice(0, 500) + '…' : line}`);
      return;
    }
    let msg: JSONRPCMessage;
    try {
      msg = sdk().parseJSONRPCMessage(parsed);
    } catch {
      this.opts.onNoise(`not a JSON-RPC message on stdout: ${line.length > 500 ? line.slice(0, 500) + '…' : line}`);
      return;
    }
    // The trace keeps a large message as the text it came as (a third of its objects' memory).
    noteWireText(msg, line);
    this.onmessage?.(msg);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed) return reject(new Error('the server process is not running'));
      if (stdin.write(JSON.stringify(message) + '\n')) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.closing = true;
    const closed = new Promise<void>((r) => child.once('close', () => r()));
    const wait = (ms: number) => Promise.race([closed, new Promise<void>((r) => setTimeout(r, ms).unref())]);
    try {
      child.stdin?.end();
    } catch {
      /* already gone */
    }
    await wait(1000);
    for (const sig of ['SIGTERM', 'SIGKILL'] as const) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      this.kill(child, sig);
      await wait(1000);
    }
    this.pending = [];
  }

  private kill(child: ChildProcess, sig: NodeJS.Signals): void {
    this.signalled = true;
    try {
      if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      try {
        child.kill(sig);
      } catch {
        /* already gone */
      }
    }
  }
}
