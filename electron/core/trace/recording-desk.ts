import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordingState } from '../../../shared/schemas/recording.js';
import type { ServerView } from '../../../shared/schemas/server.js';
import { CoreError, type EventBus } from '../support/index.js';
import type { TraceLog } from './trace-log.js';
import { Recorder, type RecordingSummary } from './recorder.js';

export interface RecordingDeskDeps {
  dataDir: string;
  trace: TraceLog;
  bus: EventBus;
  /** Every server as it is now (the recording's last lines describe the ones it saw). */
  servers(): ServerView[];
}

interface Active {
  recorder: Recorder;
  file: string;
  by: string;
  startedAt: string;
  servers?: string[];
  off(): void;
}

/**
 * The console's own recording (one at a time): started from the page's Trace tab into the data directory's
 * `recordings/`, or by `serve --record FILE` into that file. It follows the trace and the core's events until it is
 * stopped, the console closes, or it ends by itself (its size limit, a write error); each change is announced
 * (`trace.recording`).
 */
export class RecordingDesk {
  private active: Active | undefined;
  private last: RecordingSummary | undefined;

  constructor(private readonly d: RecordingDeskDeps) {}

  /** Starts recording `servers` (every server when absent) into `file` (else a new file of the data directory). */
  async start(opts: { by: string; file?: string; servers?: string[] }): Promise<RecordingState> {
    if (this.active)
      throw new CoreError('conflict', `a recording is already being written to ${this.active.file}; stop it first`);
    const file = opts.file ?? this.newFile();
    const only = opts.servers?.length ? new Set(opts.servers) : undefined;
    const recorder = await Recorder.open({
      file,
      by: opts.by,
      servers: only && ((id) => only.has(id)),
      onEnded: (s) => this.ended(s),
    });
    const offTrace = this.d.trace.subscribe((e, whole) => recorder.message(e, whole), { whole: true });
    const offBus = this.d.bus.on((name, payload) => recorder.event(name, payload));
    this.active = {
      recorder,
      file,
      by: opts.by,
      startedAt: new Date().toISOString(),
      ...(opts.servers?.length && { servers: opts.servers }),
      off: () => (offTrace(), offBus()),
    };
    this.announce();
    return this.state();
  }

  /** Stops the recording being written (its last lines: the servers it saw, and the end). */
  async stop(reason = 'stopped'): Promise<RecordingState> {
    const a = this.active;
    if (!a) return this.state();
    this.active = undefined;
    a.off();
    this.last = await a.recorder.end(reason, this.d.servers());
    this.announce();
    return this.state();
  }

  state(): RecordingState {
    const a = this.active;
    if (a) {
      const s = a.recorder.summary;
      return {
        recording: true,
        file: a.file,
        by: a.by,
        startedAt: a.startedAt,
        ...(a.servers && { servers: a.servers }),
        messages: s.messages,
        calls: s.calls,
        bytes: s.bytes,
        dropped: s.dropped,
      };
    }
    const l = this.last;
    return l
      ? {
          recording: false,
          file: l.file,
          messages: l.messages,
          calls: l.calls,
          bytes: l.bytes,
          dropped: l.dropped,
          reason: l.reason,
        }
      : { recording: false, messages: 0, calls: 0, bytes: 0, dropped: 0 };
  }

  /** The console closes: a recording still being written ends with it. */
  close(): Promise<unknown> {
    return this.stop('ended');
  }

  private ended(s: RecordingSummary): void {
    if (!this.active || this.active.file !== s.file) return;
    this.active.off();
    this.active = undefined;
    this.last = s;
    this.announce();
  }

  private announce(): void {
    this.d.bus.emit('trace.recording', this.state());
  }

  private newFile(): string {
    const dir = join(this.d.dataDir, 'recordings');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return join(dir, `recording-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
  }
}
