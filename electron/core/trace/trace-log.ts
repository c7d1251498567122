import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { TraceEntry, TracePage } from '../../../shared/schemas/trace.js';
import { approxBytes, type TraceRecord } from './tracer.js';

/** A message larger than this is not handed to the followers whole either: they get its preview, as the list does. */
export const WHOLE_MAX = 32 * 1024 * 1024;

/** A follower of the trace: each entry as it is made; `whole`, the message of one the trace keeps a preview of. */
export type TraceListener = (e: TraceEntry, whole?: unknown) => void;

/**
 * Per server: this many entries (a tenth more before a trim), and at most this many bytes of kept messages (text as
 * packed).
 */
export const MAX_TRACE_ENTRIES = 2000;
export const MAX_TRACE_BYTES = 8 * 1024 * 1024;

/**
 * An entry as held: a large message as the text it arrived as (see wire-text.ts), deflated, and
 * inflated and parsed when asked for. A list page of JSON deflates to a tenth or less, in about
 * 2 ms a megabyte at level 1; what the trace holds is counted as packed.
 */
type Held = TraceEntry & { packed?: Buffer };

const pack = (text: string): Buffer => deflateRawSync(text, { level: 1 });
const unpack = (packed: Buffer): string => inflateRawSync(packed).toString('utf8');

interface ServerTrace {
  entries: Held[];
  bytes: number;
  dropped: number;
}

/** An entry without its message (nor the preview of one too large to keep): a row of the list. */
function brief(e: Held): TraceEntry {
  if (e.message === undefined && e.preview === undefined && e.packed === undefined) return e;
  const { message: _m, preview: _p, packed: _t, ...rest } = e;
  return rest;
}

/** An entry whole: a message held as text is parsed again (it parsed when it arrived, within the limits). */
function whole(e: Held, text?: string): TraceEntry {
  if (e.packed === undefined) return e;
  const { packed, ...rest } = e;
  return { ...rest, message: JSON.parse(text ?? unpack(packed)) as unknown };
}

/** The index of a server's first entry after `seq` (entries are in seq order: a binary search). */
function firstAfter(entries: readonly TraceEntry[], seq: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The bytes an entry's message takes of what a server's trace holds: packed text as packed. */
const held = (e: Held): number => (e.packed !== undefined ? e.packed.length : e.message !== undefined ? e.bytes : 0);

/**
 * Every server's protocol trace, bounded in entries and bytes (the oldest go first, and are
 * counted). Listeners (the command line's `trace`) see each entry as it is made.
 */
export class TraceLog {
  private servers = new Map<string, ServerTrace>();
  private seq = 0;
  /** Each follower, and whether it takes the messages the trace keeps only a preview of (a recording does). */
  private listeners = new Map<TraceListener, boolean>();

  /** `whole`: a message too large to keep, handed to the listeners as it passes and never held. */
  record(serverId: string, { text, whole, ...r }: TraceRecord): void {
    const e: Held = {
      seq: ++this.seq,
      at: new Date().toISOString(),
      serverId,
      ...r,
      ...(text !== undefined && { packed: pack(text) }),
    };
    let s = this.servers.get(serverId);
    if (!s) this.servers.set(serverId, (s = { entries: [], bytes: 0, dropped: 0 }));
    s.entries.push(e);
    s.bytes += held(e);
    // Trimmed in batches (a tenth at a time past the limit), so a busy connection does not move the whole array per
    // message.
    if (s.entries.length <= MAX_TRACE_ENTRIES + MAX_TRACE_ENTRIES / 10 && s.bytes <= MAX_TRACE_BYTES)
      return this.tell(e, text, whole);
    let cut = 0;
    while (s.entries.length - cut > MAX_TRACE_ENTRIES || (s.bytes > MAX_TRACE_BYTES && cut < s.entries.length - 1)) {
      const old = s.entries[cut++];
      if (old) s.bytes -= held(old);
    }
    if (cut) {
      s.entries.splice(0, cut);
      s.dropped += cut;
    }
    this.tell(e, text, whole);
  }

  private tell(e: Held, text: string | undefined, full: unknown): void {
    if (!this.listeners.size) return;
    const w = whole(e, text);
    // Measured only when a follower takes it: a walk of up to WHOLE_MAX bytes.
    const wanted = full !== undefined && [...this.listeners.values()].some(Boolean);
    const pass = wanted && approxBytes(full, WHOLE_MAX) <= WHOLE_MAX ? full : undefined;
    for (const [l, takesWhole] of this.listeners) l(w, takesWhole ? pass : undefined);
  }

  /**
   * A server's entries after `since` (a seq), those whose method contains `method`, the last `limit`;
   * `brief`: without the messages (what a list of rows needs; `get` gives one whole).
   */
  list(serverId: string, opts: { since?: number; method?: string; limit?: number; brief?: boolean } = {}): TracePage {
    const s = this.servers.get(serverId);
    if (!s) return { entries: [], dropped: 0 };
    let entries: TraceEntry[] = s.entries;
    if (opts.since !== undefined) entries = entries.slice(firstAfter(entries, opts.since));
    if (opts.method) {
      const m = opts.method.toLowerCase();
      entries = entries.filter((e) => e.method?.toLowerCase().includes(m));
    }
    if (opts.limit !== undefined) entries = entries.slice(-opts.limit);
    entries = opts.brief ? entries.map(brief) : entries.map((e) => whole(e));
    return { entries, dropped: s.dropped };
  }

  /**
   * Every server's entries after `since`, in order, without their messages (the live timeline's lanes), the last
   * `limit`. Each server's part is found by a binary search: a poll costs what is new.
   */
  since(since: number, limit: number): TracePage {
    const parts: TraceEntry[][] = [];
    let dropped = 0;
    for (const s of this.servers.values()) {
      dropped += s.dropped;
      const lo = firstAfter(s.entries, since);
      // Only the newest `limit` of each can be among the newest `limit` of all.
      parts.push(s.entries.slice(Math.max(lo, s.entries.length - limit)).map(brief));
    }
    const entries = parts.flat().sort((a, b) => a.seq - b.seq);
    return { entries: entries.slice(-limit), dropped };
  }

  /** One entry, whole, while the trace still holds it. */
  get(serverId: string, seq: number): TraceEntry | undefined {
    const entries = this.servers.get(serverId)?.entries;
    const e = entries?.[firstAfter(entries, seq - 1)];
    return e?.seq === seq ? whole(e) : undefined;
  }

  /** Every entry the trace holds for a server, one JSON line each (the export file), and how many. */
  jsonl(serverId: string): { jsonl: string; entries: number } {
    const entries = this.servers.get(serverId)?.entries ?? [];
    return { jsonl: entries.map((e) => JSON.stringify(whole(e)) + '\n').join(''), entries: entries.length };
  }

  clear(serverId: string): void {
    this.servers.delete(serverId);
  }

  /** `whole`: the listener also takes a message the trace keeps only a preview of (what a recording writes). */
  subscribe(listener: TraceListener, opts: { whole?: boolean } = {}): () => void {
    this.listeners.set(listener, opts.whole === true);
    return () => this.listeners.delete(listener);
  }
}
