import type { TraceEntry, TracePage } from '../../../shared/schemas/trace.js';
import type { TraceRecord } from './tracer.js';

/** Per server: this many entries (a tenth more before a trim), and at most this many bytes of kept messages. */
export const MAX_TRACE_ENTRIES = 2000;
export const MAX_TRACE_BYTES = 8 * 1024 * 1024;

interface ServerTrace {
  entries: TraceEntry[];
  bytes: number;
  dropped: number;
}

/**
 * Every server's protocol trace, bounded in entries and bytes (the oldest go first, and are
 * counted). Listeners (the command line's `trace`) see each entry as it is made.
 */
export class TraceLog {
  private servers = new Map<string, ServerTrace>();
  private seq = 0;
  private listeners = new Set<(e: TraceEntry) => void>();

  record(serverId: string, r: TraceRecord): void {
    const e: TraceEntry = { seq: ++this.seq, at: new Date().toISOString(), serverId, ...r };
    let s = this.servers.get(serverId);
    if (!s) this.servers.set(serverId, (s = { entries: [], bytes: 0, dropped: 0 }));
    s.entries.push(e);
    s.bytes += e.message === undefined ? 0 : e.bytes;
    // Trimmed in batches (a tenth at a time past the limit), so a busy connection does not move the whole array per message.
    if (s.entries.length <= MAX_TRACE_ENTRIES + MAX_TRACE_ENTRIES / 10 && s.bytes <= MAX_TRACE_BYTES) return this.tell(e);
    let cut = 0;
    while (s.entries.length - cut > MAX_TRACE_ENTRIES || (s.bytes > MAX_TRACE_BYTES && cut < s.entries.length - 1)) {
      const old = s.entries[cut++];
      if (old?.message !== undefined) s.bytes -= old.bytes;
    }
    if (cut) {
      s.entries.splice(0, cut);
      s.dropped += cut;
    }
    this.tell(e);
  }

  private tell(e: TraceEntry): void {
    for (const l of this.listeners) l(e);
  }

  /** A server's entries after `since` (a seq), those whose method contains `method`, the last `limit`. */
  list(serverId: string, opts: { since?: number; method?: string; limit?: number } = {}): TracePage {
    const s = this.servers.get(serverId);
    if (!s) return { entries: [], dropped: 0 };
    let entries = s.entries;
    if (opts.since !== undefined) {
      const since = opts.since;
      entries = entries.filter((e) => e.seq > since);
    }
    if (opts.method) {
      const m = opts.method.toLowerCase();
      entries = entries.filter((e) => e.method?.toLowerCase().includes(m));
    }
    if (opts.limit !== undefined) entries = entries.slice(-opts.limit);
    return { entries, dropped: s.dropped };
  }

  clear(serverId: string): void {
    this.servers.delete(serverId);
  }

  subscribe(listener: (e: TraceEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
