import { createWriteStream, type WriteStream } from 'node:fs';
import type { CallRecord } from '../../../shared/schemas/call.js';
import type { ElicitationView } from '../../../shared/schemas/elicitation.js';
import {
  RECORDING_FORMAT,
  type RecordedCall,
  type RecordedMessage,
  type RecordedServer,
  type RecordingLine,
} from '../../../shared/schemas/recording.js';
import type { ServerView } from '../../../shared/schemas/server.js';
import type { TraceEntry } from '../../../shared/schemas/trace.js';
import { Redactor } from '../../../shared/recording/redact.js';
import { VERSION } from '../support/index.js';
import { originAndPath } from './tracer.js';

/** Lines waiting for the disk beyond this many bytes are dropped (and counted) instead of held. */
export const RECORDING_QUEUE_MAX = 16 * 1024 * 1024;
/** A recording ends by itself at this size (`reason: "size limit"`). */
export const RECORDING_FILE_MAX = 2 * 1024 * 1024 * 1024;
/** Calls followed at once (their last state, to write a line only when it changes). */
const CALLS_FOLLOWED = 10_000;

export interface RecordingSummary {
  file: string;
  messages: number;
  calls: number;
  dropped: number;
  bytes: number;
  reason: string;
}

export interface RecorderOptions {
  file: string;
  /** What records: `serve`, `page`, or the command's name. */
  by: string;
  /** Which servers' traffic goes in (all when absent). */
  servers?: (serverId: string) => boolean;
  /** Request params a mock ignores when it matches (JSON pointers), written into the first line. */
  ignore?: string[];
  maxBytes?: number;
  /** A write error, or the size limit reached: the recording ended by itself. */
  onEnded?: (summary: RecordingSummary) => void;
}

/**
 * One recording being written: each line as it happens, through a write stream whose queue is bounded (beyond
 * {@link RECORDING_QUEUE_MAX} lines are dropped and a `gap` line says how many), the file made readable by its owner
 * only. Messages pass through the {@link Redactor} first. Nothing of a session is held but the lines not yet written.
 */
export class Recorder {
  private readonly started = performance.now();
  private readonly redactor = new Redactor();
  private readonly calls = new Map<string, string>();
  private readonly seen = new Set<string>();
  private messages = 0;
  private callLines = 0;
  private dropped = 0;
  private gap = 0;
  private bytes = 0;
  private ended: RecordingSummary | undefined;

  private constructor(
    private readonly out: WriteStream,
    private readonly opts: RecorderOptions,
  ) {
    out.on('error', (e) => this.stop(`the file could not be written: ${e.message}`));
  }

  /** Opens (and truncates) the file and writes the first line; rejects when the file cannot be made. */
  static open(opts: RecorderOptions): Promise<Recorder> {
    return new Promise((resolve, reject) => {
      const out = createWriteStream(opts.file, { flags: 'w', mode: 0o600 });
      out.once('error', (e) => reject(new Error(`cannot record to ${opts.file}: ${e.message}`)));
      out.once('open', () => {
        out.removeAllListeners('error');
        const r = new Recorder(out, opts);
        r.write({
          type: 'recording',
          format: RECORDING_FORMAT,
          startedAt: new Date().toISOString(),
          console: VERSION,
          by: opts.by,
          ...(opts.ignore?.length && { ignore: opts.ignore }),
        });
        resolve(r);
      });
    });
  }

  /** Bytes handed to the file and not yet taken by the disk (what the queue bound is measured against). */
  get queued(): number {
    return this.out.writableLength;
  }

  get summary(): RecordingSummary {
    return (
      this.ended ?? {
        file: this.opts.file,
        messages: this.messages,
        calls: this.callLines,
        dropped: this.dropped,
        bytes: this.bytes,
        reason: 'recording',
      }
    );
  }

  /** A trace entry; `whole`: its message when the trace kept only a preview of it. */
  message(e: TraceEntry, whole?: unknown): void {
    if (this.ended || (this.opts.servers && !this.opts.servers(e.serverId))) return;
    this.seen.add(e.serverId);
    const { preview, message: kept, ...rest } = e;
    const line: RecordedMessage = { type: 'message', t: this.t(), ...rest };
    const message = kept ?? whole;
    if (message !== undefined) {
      const { message: clean, redacted } = this.redactor.message(message, e.kind === 'request');
      line.message = clean;
      if (redacted.length) line.redacted = redacted;
      // Larger than the trace hands on whole (WHOLE_MAX): its opening only.
    } else if (preview !== undefined) line.truncated = this.redactor.value(preview);
    if (line.name !== undefined) line.name = this.redactor.value(line.name);
    if (line.http) {
      const headers = Object.fromEntries(
        Object.entries(line.http.headers).map(([k, v]) => [k, this.redactor.value(v)]),
      );
      line.http = { ...line.http, headers };
    }
    this.messages++;
    this.write(line);
  }

  /** The core's events that belong in a recording: calls' states and decisions, servers' questions. */
  event(name: string, payload: unknown): void {
    if (this.ended) return;
    if (name === 'call.updated') this.call(payload as CallRecord);
    else if (name === 'elicitation.requested' || name === 'elicitation.resolved') {
      const q = payload as ElicitationView;
      if (this.opts.servers && !this.opts.servers(q.serverId)) return;
      const at = new Date().toISOString();
      this.write({
        type: 'question',
        t: this.t(),
        at,
        id: q.id,
        serverId: q.serverId,
        kind: q.kind,
        mode: q.mode,
        status: q.status,
      });
    }
  }

  private call(c: CallRecord): void {
    if (this.opts.servers && !this.opts.servers(c.serverId)) return;
    const key = `${c.state}|${c.decidedBy ?? ''}|${c.outcome ?? ''}`;
    if (this.calls.get(c.id) === key) return;
    if (c.state === 'done') this.calls.delete(c.id);
    else {
      if (this.calls.size >= CALLS_FOLLOWED) this.calls.delete(this.calls.keys().next().value!);
      this.calls.set(c.id, key);
    }
    const line: RecordedCall = {
      type: 'call',
      t: this.t(),
      at: new Date().toISOString(),
      callId: c.id,
      serverId: c.serverId,
      tool: c.tool,
      requestedBy: c.requestedBy,
      argsHash: c.argsHash,
      state: c.state,
      ...(c.decidedBy && { decidedBy: c.decidedBy }),
      ...(c.reason && { reason: this.redactor.value(c.reason) }),
      ...(c.outcome && { outcome: c.outcome }),
      ...(c.durationMs !== undefined && { durationMs: c.durationMs }),
    };
    this.callLines++;
    this.write(line);
  }

  /** The servers seen, as they are now (how they were reached, what they said). */
  servers(views: ServerView[]): void {
    for (const v of views) if (this.seen.has(v.id) && !this.ended) this.write(serverLine(v, this.t()));
  }

  /** Ends the recording: the last line, then the file closed. Resolves with what it holds. */
  async end(reason: string, views: ServerView[] = []): Promise<RecordingSummary> {
    if (!this.ended) {
      this.servers(views);
      this.stop(reason);
    }
    // Also when it ended by itself: resolved once the file is closed, so what it says is on the disk.
    await new Promise<void>((resolve) => (this.out.closed ? resolve() : this.out.once('close', () => resolve())));
    return this.ended!;
  }

  private stop(reason: string): void {
    if (this.ended) return;
    const end: RecordingLine = {
      type: 'end',
      t: this.t(),
      at: new Date().toISOString(),
      messages: this.messages,
      calls: this.callLines,
      dropped: this.dropped,
      reason,
    };
    if (!this.out.destroyed && this.out.writable) this.out.write(JSON.stringify(end) + '\n');
    this.ended = { ...this.summary, reason };
    this.out.end();
    if (reason !== 'stopped' && reason !== 'ended') this.opts.onEnded?.(this.ended);
  }

  private t(): number {
    return Math.round((performance.now() - this.started) * 10) / 10;
  }

  private write(line: RecordingLine): void {
    if (this.ended) return;
    if (this.out.writableLength > RECORDING_QUEUE_MAX) {
      this.dropped++;
      this.gap++;
      return;
    }
    if (this.gap) {
      const gap = JSON.stringify({ type: 'gap', t: this.t(), dropped: this.gap }) + '\n';
      this.gap = 0;
      this.bytes += gap.length;
      this.out.write(gap);
    }
    const text = JSON.stringify(line) + '\n';
    this.bytes += Buffer.byteLength(text);
    this.out.write(text);
    if (this.bytes >= (this.opts.maxBytes ?? RECORDING_FILE_MAX)) this.stop('size limit');
  }
}

function serverLine(v: ServerView, t: number): RecordedServer {
  const c = v.config as { command?: unknown; url?: unknown };
  const url = typeof c.url === 'string' ? originAndPath(c.url) : undefined;
  const command = typeof c.command === 'string' ? c.command.split(/[\\/]/).pop() : undefined;
  return {
    type: 'server',
    t,
    serverId: v.id,
    ...(v.transport && { transport: v.transport }),
    ...(url && { url }),
    ...(command && { command }),
    ...(v.era && { era: v.era }),
    ...(v.protocolVersion && { protocolVersion: v.protocolVersion }),
    ...(v.serverInfo && { serverInfo: v.serverInfo }),
    ...(v.capabilities && { capabilities: v.capabilities }),
    ...(v.instructions !== undefined && { instructions: v.instructions }),
  };
}
