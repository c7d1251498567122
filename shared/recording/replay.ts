import { canonicalJson } from '../canonical-json.js';
import { diffJson } from '../collections/diff.js';
import { pointerTokens } from '../collections/pointer.js';
import { REDACTED } from './marker.js';

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

import type { Exchange, ReplayedServer } from './read.js';

export {
  mergeRecordings,
  readRecording,
  recordingReader,
  type Exchange,
  type ReadRecording,
  type ReplayedServer,
  type Wire,
} from './read.js';

const BY_METHOD_ALONE = new Set(['initialize', 'server/discover']);

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
