import { canonicalJson } from '../canonical-json.js';
import { diffJson } from '../collections/diff.js';
import { pointerTokens } from '../collections/pointer.js';
import { REDACTED, RecordingLine, type RecordedServer } from '../schemas/recording.js';

/**
 * A recorded server, replayed (`mcp-console mock`): each request the console sent it, with what it answered and what
 * it sent in between (progress, log messages, its own requests), matched again by method and params.
 *
 * - A request matches a recorded one of its method whose params are equal once the ignored pointers (`/_meta` always,
 *   the recording's `ignore`, `--ignore`; `*` for any one key or index) are taken out; a value the recording left out
 *   ({@link REDACTED}) matches any string. `initialize` and `server/discover` match by method alone.
 * - Recorded twice with the same params: answered in the order recorded, then the last again.
 * - No match: a JSON-RPC error naming the closest recorded request and where it differs.
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

const BY_METHOD_ALONE = new Set(['initialize', 'server/discover']);
/** The most a line problem list says (the count goes on). */
const PROBLEMS_SAID = 5;

function progressTokenOf(params: unknown): unknown {
  const p = params as { _meta?: { progressToken?: unknown }; progressToken?: unknown } | undefined;
  return p?._meta?.progressToken ?? p?.progressToken;
}

/** The params as matched: a copy without what is ignored. */
function matchable(params: unknown, ignore: readonly string[][]): unknown {
  if (params === undefined || ignore.length === 0) return params;
  const walk = (v: unknown, path: string[]): unknown => {
    if (Array.isArray(v))
      return v.flatMap((x, i) => (ignored([...path, String(i)]) ? [] : [walk(x, [...path, String(i)])]));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) if (!ignored([...path, k])) out[k] = walk(x, [...path, k]);
      return out;
    }
    return v;
  };
  const ignored = (tokens: string[]) =>
    ignore.some((p) => p.length === tokens.length && p.every((t, i) => t === '*' || t === tokens[i]));
  return walk(params, []);
}

const holdsRedacted = (v: unknown): boolean => {
  const stack = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string' && x.includes(REDACTED)) return true;
    if (x && typeof x === 'object') stack.push(...Object.values(x));
  }
  return false;
};

/** Reads a recording's lines (text, one JSON object each) into the servers it holds. */
export function readRecording(lines: Iterable<string>): ReadRecording {
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
  for (const text of lines) {
    n++;
    if (!text.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problem('not JSON');
      continue;
    }
    const checked = RecordingLine.safeParse(parsed);
    if (!checked.success) {
      problem(`not a line of a recording (${checked.error.issues[0]?.message ?? 'unknown shape'})`);
      continue;
    }
    const line = checked.data;
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
        if (!ex) continue;
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
  }
  if (bad > PROBLEMS_SAID) out.problems.push(`… ${bad - PROBLEMS_SAID} more lines like these`);
  return out;
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

/** The most redacted stretches one recorded string may hold and still match as a pattern. */
const MAX_HOLES = 8;

/**
 * The values a recorded string with redacted stretches stands for in `text`, or undefined when it does not fit: each
 * stretch takes the least text before the next literal part (found by `indexOf`, left to right: linear, no pattern).
 */
function fill(recorded: string, text: string): string[] | undefined {
  const parts = recorded.split(REDACTED);
  if (parts.length - 1 > MAX_HOLES) return undefined;
  const first = parts[0]!;
  const last = parts.at(-1)!;
  if (!text.startsWith(first) || text.length < first.length + last.length || !text.endsWith(last)) return undefined;
  const end = text.length - last.length;
  const values: string[] = [];
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = text.indexOf(part, at + 1);
    if (found < 0 || found + part.length > end) return undefined;
    values.push(text.slice(at, found));
    at = found + part.length;
  }
  if (end - at < 1) return undefined;
  values.push(text.slice(at, end));
  return values;
}

/**
 * Where an exchange's recorded params and a request's differ (ignored pointers out), and what the request has where
 * the recording left a secret out: a redacted value matches any string, a redacted stretch of a string any text.
 */
function differences(
  recorded: unknown,
  params: unknown,
  ignore: readonly string[],
): { at: string[]; filled: string[] } {
  const d = diffJson(recorded ?? {}, params ?? {}, ['/_meta', ...ignore], 1000);
  const filled: string[] = [];
  const at: string[] = [];
  for (const e of d.entries) {
    const values =
      e.op === 'changed' && typeof e.before === 'string' && typeof e.after === 'string' && e.before.includes(REDACTED)
        ? fill(e.before, e.after)
        : undefined;
    if (values) filled.push(...values);
    else at.push(e.path || '(the whole params)');
  }
  return { at, filled };
}

/** The answer with its redacted stretches given back the one secret the request carried where the recording had one. */
function refilled(answer: { result: unknown } | { error: unknown }, filled: string[]): typeof answer {
  const values = [...new Set(filled)];
  if (values.length !== 1) return answer;
  const [value] = values as [string];
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(REDACTED) ? v.split(REDACTED).join(value) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(answer) as typeof answer;
}

export type Reply =
  | { exchange: Exchange; answer: { result: unknown } | { error: unknown } }
  | { error: { code: number; message: string; data?: unknown } };

/** The recorded server's answers, matched to what a client asks. */
export class Replay {
  private readonly ignore: string[];
  private readonly tokens: string[][];
  private readonly exact = new Map<string, Exchange[]>();

  constructor(
    readonly server: ReplayedServer,
    ignore: readonly string[] = [],
  ) {
    this.ignore = ['/_meta', ...ignore];
    this.tokens = this.ignore.map(pointerTokens);
    for (const ex of server.exchanges) {
      const params = matchable(ex.params, this.tokens);
      if (holdsRedacted(params)) continue;
      ex.key = `${ex.method}\u0000${canonicalJson(params ?? {})}`;
      const list = this.exact.get(ex.key);
      if (list) list.push(ex);
      else this.exact.set(ex.key, [ex]);
    }
  }

  /** The recorded answer to `method` with `params`, or the error that says why there is none. */
  answer(method: string, params: unknown): Reply {
    const recorded = this.server.byMethod.get(method);
    if (!recorded?.length) {
      if (method === 'ping') return { exchange: { method, params, between: [], uses: 0 }, answer: { result: {} } };
      const held = [...this.server.byMethod.keys()].sort().join(', ');
      return {
        error: {
          code: -32601,
          message: `Method not found: the recording of ${this.server.serverId} holds no ${method} request (it holds: ${held || 'none'})`,
        },
      };
    }
    let matches: Exchange[];
    const filled = new Map<Exchange, string[]>();
    if (BY_METHOD_ALONE.has(method)) matches = recorded;
    else {
      const key = `${method}\u0000${canonicalJson(matchable(params, this.tokens) ?? {})}`;
      matches =
        this.exact.get(key) ??
        recorded.filter((ex) => {
          if (ex.key !== undefined) return false;
          const d = differences(ex.params, params, this.ignore);
          if (d.at.length) return false;
          filled.set(ex, d.filled);
          return true;
        });
    }
    const ex = matches.find((m) => m.uses === 0) ?? matches.at(-1);
    if (!ex) return { error: this.closest(method, recorded, params) };
    ex.uses++;
    if (!ex.answer)
      return {
        error: {
          code: -32603,
          message: ex.truncated
            ? `the recording kept only the opening of the answer to this ${method} (it was larger than a recording keeps)`
            : `the recording ends before the server answered this ${method}`,
        },
      };
    return { exchange: ex, answer: refilled(ex.answer, filled.get(ex) ?? []) };
  }

  private closest(
    method: string,
    recorded: Exchange[],
    params: unknown,
  ): { code: number; message: string; data: unknown } {
    let best: { ex: Exchange; diff: string[] } | undefined;
    for (const ex of recorded) {
      const diff = differences(ex.params, params, this.ignore).at;
      if (!best || diff.length < best.diff.length) best = { ex, diff };
    }
    const { _meta: _, ...params_ } = (best!.ex.params ?? {}) as Record<string, unknown>;
    const shown = JSON.stringify(params_);
    const at = best!.diff.slice(0, 5).join(', ') + (best!.diff.length > 5 ? `, … (${best!.diff.length} in all)` : '');
    return {
      code: -32602,
      message: `no recorded ${method} of ${this.server.serverId} matches these params; the closest recorded one differs at ${at}: ${shown.length > 300 ? shown.slice(0, 299) + '…' : shown}`,
      data: { closest: params_, differsAt: best!.diff.slice(0, 50) },
    };
  }
}
