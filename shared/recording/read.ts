import type { RecordedMessage, RecordedServer } from '../schemas/recording.js';

/*
 * A recording read back (shared/schemas/recording.ts): each server's requests with what it answered and what it sent
 * in between, for the mock (replay.ts), `diff` (listing.ts) and `collect`.
 */

/** A JSON-RPC message, as loose as the wire. */
export type Wire = Record<string, unknown>;

export interface Exchange {
  method: string;
  /** The request's place in the recording (its trace number), to put exchanges of several servers in order. */
  seq?: number;
  params: unknown;
  /** Canonical JSON of the params as matched (ignored pointers out), when they hold nothing redacted. */
  key?: string;
  /** What the server answered: a result or an error; absent when the recording ends before the answer. */
  answer?: { result: unknown } | { error: unknown };
  /** The recording kept only the answer's opening (larger than it keeps). */
  truncated?: boolean;
  /** What the server sent between the request and its answer, in order. */
  between: Wire[];
  uses: number;
}

export interface ReplayedServer {
  serverId: string;
  server?: RecordedServer;
  exchanges: Exchange[];
  byMethod: Map<string, Exchange[]>;
}

export interface ReadRecording {
  servers: Map<string, ReplayedServer>;
  /** The recording's own `ignore` pointers. */
  ignore: string[];
  /** Lines that are not a recording's: counted, the first few said. */
  problems: string[];
  ended: boolean;
}

/** The most a line problem list says (the count goes on). */
const PROBLEMS_SAID = 5;

/** The progress token a request's params (`_meta`) or a progress notification's params carry. */
export function progressTokenOf(params: unknown): unknown {
  const p = params as { _meta?: { progressToken?: unknown }; progressToken?: unknown } | undefined;
  return p?._meta?.progressToken ?? p?.progressToken;
}

type Line =
  | { type: 'recording'; ignore?: string[] }
  | { type: 'end' | 'call' | 'question' | 'gap' }
  | RecordedServer
  | RecordedMessage;

const DIRS = new Set(['out', 'in']);
const KINDS = new Set(['request', 'response', 'error', 'notification', 'http']);
const isId = (v: unknown) => v === undefined || typeof v === 'string' || typeof v === 'number';

/**
 * A recording's line, checked by hand for what replaying reads (the page carries no zod); else why it is not one. The
 * published schema (shared/schemas/recording.schema.json) says the rest.
 */
function lineOf(v: unknown): Line | string {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'not a JSON object';
  const l = v as Record<string, unknown>;
  switch (l.type) {
    case 'recording':
      return l.ignore === undefined || (Array.isArray(l.ignore) && l.ignore.every((p) => typeof p === 'string'))
        ? (l as Line)
        : 'ignore: not a list of JSON pointers';
    case 'end':
    case 'call':
    case 'question':
    case 'gap':
      return l as Line;
    case 'server':
      return typeof l.serverId === 'string' ? (l as Line) : 'serverId: not a string';
    case 'message':
      if (typeof l.serverId !== 'string') return 'serverId: not a string';
      if (!DIRS.has(l.dir as string) || !KINDS.has(l.kind as string)) return 'dir or kind: not a message';
      if (!isId(l.id) || (l.method !== undefined && typeof l.method !== 'string')) return 'id or method: not valid';
      if (l.truncated !== undefined && typeof l.truncated !== 'string') return 'truncated: not a string';
      return l as Line;
    default:
      return `type: ${JSON.stringify(l.type)}`;
  }
}

/** Reads a recording's lines (text, one JSON object each) into the servers it holds. */
export function readRecording(lines: Iterable<string>): ReadRecording {
  const reader = recordingReader();
  for (const text of lines) reader.add(text);
  return reader.done();
}

/** The same, a line at a time (the page reads a large recording a slice per task). */
export function recordingReader(): { add(text: string): void; done(): ReadRecording } {
  const servers = new Map<string, ReplayedServer>();
  /** Per server: its requests waiting for an answer, by id and by progress token, and in the order sent. */
  const open = new Map<string, { byId: Map<string, Exchange>; byToken: Map<unknown, Exchange>; order: Exchange[] }>();
  const out: ReadRecording = { servers, ignore: [], problems: [], ended: false };
  let bad = 0;
  let n = 0;
  const problem = (why: string) => {
    if (++bad <= PROBLEMS_SAID) out.problems.push(`line ${n}: ${why}`);
  };
  const serverOf = (id: string) => {
    let s = servers.get(id);
    if (!s) servers.set(id, (s = { serverId: id, exchanges: [], byMethod: new Map() }));
    return s;
  };
  const add = (text: string): void => {
    n++;
    if (!text.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return problem('not JSON');
    }
    const line = lineOf(parsed);
    if (typeof line === 'string') return problem(`not a line of a recording (${line})`);
    if (line.type === 'recording') out.ignore = line.ignore ?? [];
    else if (line.type === 'end') out.ended = true;
    else if (line.type === 'server') serverOf(line.serverId).server = line;
    else if (line.type === 'message' && !line.view && line.kind !== 'http') {
      const s = serverOf(line.serverId);
      let pending = open.get(line.serverId);
      if (!pending) open.set(line.serverId, (pending = { byId: new Map(), byToken: new Map(), order: [] }));
      const m = line.message as Wire | undefined;
      if (line.dir === 'out' && line.kind === 'request' && line.id !== undefined && line.method) {
        const ex: Exchange = { method: line.method, seq: line.seq, params: m?.params, between: [], uses: 0 };
        pending.byId.set(String(line.id), ex);
        const token = progressTokenOf(ex.params);
        if (token !== undefined) pending.byToken.set(token, ex);
        pending.order.push(ex);
        s.exchanges.push(ex);
        const list = s.byMethod.get(line.method);
        if (list) list.push(ex);
        else s.byMethod.set(line.method, [ex]);
      } else if (line.dir === 'in' && (line.kind === 'response' || line.kind === 'error') && line.id !== undefined) {
        const ex = pending.byId.get(String(line.id));
        if (!ex) return;
        pending.byId.delete(String(line.id));
        const token = progressTokenOf(ex.params);
        if (token !== undefined && pending.byToken.get(token) === ex) pending.byToken.delete(token);
        if (line.truncated !== undefined || !m) ex.truncated = true;
        else ex.answer = 'error' in m ? { error: m.error } : { result: m.result };
      } else if (line.dir === 'in' && m) {
        // The server's notification or request: it belongs to the request its progress token names, else the newest
        // still waiting for its answer; one sent with none waiting (a list change) is not replayed.
        // Each request leaves `order` once, from its end, when it is answered and nothing newer waits.
        const token = progressTokenOf(m.params);
        const order = pending.order;
        while (order.length && (order.at(-1)!.answer || order.at(-1)!.truncated)) order.pop();
        const into = (token !== undefined ? pending.byToken.get(token) : undefined) ?? order.at(-1);
        into?.between.push(m);
      }
    }
  };
  return {
    add,
    done: () => {
      if (bad > PROBLEMS_SAID) out.problems.push(`… ${bad - PROBLEMS_SAID} more lines like these`);
      return out;
    },
  };
}

/** Several recordings read as one: each server's exchanges in the order of the files, then of their lines. */
export function mergeRecordings(reads: ReadRecording[]): ReadRecording {
  const out: ReadRecording = { servers: new Map(), ignore: [], problems: [], ended: reads.every((r) => r.ended) };
  for (const r of reads) {
    out.ignore.push(...r.ignore.filter((p) => !out.ignore.includes(p)));
    out.problems.push(...r.problems);
    for (const [id, s] of r.servers) {
      const into = out.servers.get(id);
      if (!into) {
        out.servers.set(id, s);
        continue;
      }
      into.server = s.server ?? into.server;
      into.exchanges.push(...s.exchanges);
      for (const [method, list] of s.byMethod) {
        const known = into.byMethod.get(method);
        if (known) known.push(...list);
        else into.byMethod.set(method, list);
      }
    }
  }
  return out;
}
