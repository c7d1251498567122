import type { TraceEntry } from '../../../shared/schemas/trace';
import { FILE_LIMITS, overLimits } from '../../../shared/boundary';
import { nextTask } from '../../components/next-task';
import type { TimelineMark } from './timeline-model';

const DIRS = new Set(['out', 'in']);
const KINDS = new Set(['request', 'response', 'error', 'notification', 'http']);
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isId = (v: unknown) => v === undefined || typeof v === 'string' || typeof v === 'number';
const isText = (v: unknown) => v === undefined || typeof v === 'string';

/**
 * A line of a trace file is an entry when it has an entry's shape (shared/schemas/trace.ts), checked
 * by hand: the page carries no zod (its 180 KB took a 65 ms task to evaluate). Only what the rows and
 * the detail read is checked; a file is viewed, never acted on.
 */
function isEntry(v: unknown): v is TraceEntry {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const e = v as Record<string, unknown>;
  const http = e.http as Record<string, unknown> | undefined;
  return (
    isInt(e.seq) &&
    typeof e.at === 'string' &&
    typeof e.serverId === 'string' &&
    DIRS.has(e.dir as string) &&
    KINDS.has(e.kind as string) &&
    isInt(e.bytes) &&
    isId(e.id) &&
    isId(e.group) &&
    isText(e.method) &&
    isText(e.name) &&
    isText(e.preview) &&
    (e.ms === undefined || typeof e.ms === 'number') &&
    (e.round === undefined || isInt(e.round)) &&
    (http === undefined ||
      (typeof http === 'object' &&
        http !== null &&
        typeof http.method === 'string' &&
        typeof http.url === 'string' &&
        typeof http.headers === 'object' &&
        http.headers !== null &&
        Object.values(http.headers).every((h) => typeof h === 'string')))
  );
}

/** Text parsed per task: a 64 MB file is read in slices with a yield between them, never in one long task. */
const SLICE_CHARS = 256 * 1024;

/** The lines of a recording (shared/schemas/recording.ts) that are not messages: read past, not counted as bad. */
const RECORDING_LINES = new Set(['recording', 'server', 'call', 'question', 'gap', 'end']);

/**
 * A recording's message line as an entry: the same fields, its `truncated` opening as the preview. Any other line
 * as it is.
 */
function fromRecording(v: unknown): unknown {
  const r = v as { type?: unknown; truncated?: unknown } | null;
  if (r?.type !== 'message' || typeof r.truncated !== 'string') return v;
  const { truncated, ...rest } = r;
  return { ...rest, preview: truncated };
}

/**
 * Parses a JSONL export, or a recording, a slice at a time: the entries, and how many lines were not entries (a
 * recording's other lines, its calls and servers, are read past).
 */
export async function parseTraceJsonl(
  text: string,
  sliceChars = SLICE_CHARS,
): Promise<{ entries: TraceEntry[]; bad: number; marks: TimelineMark[] }> {
  const entries: TraceEntry[] = [];
  const marks: TimelineMark[] = [];
  let bad = 0;
  let at = 0;
  while (at < text.length) {
    const stop = at + sliceChars;
    while (at < text.length && at < stop) {
      let nl = text.indexOf('\n', at);
      if (nl < 0) nl = text.length;
      const line = text.slice(at, nl);
      at = nl + 1;
      if (!line.trim()) continue;
      try {
        const v: unknown = fromRecording(JSON.parse(line));
        // SECURITY: an entry is measured before it is drawn (the views below render it recursively).
        if (isEntry(v) && !overLimits(v, FILE_LIMITS)) entries.push(v);
        else if (!RECORDING_LINES.has((v as { type?: string } | null)?.type ?? '')) bad++;
        else {
          const mark = markOf(v);
          if (mark) marks.push(mark);
        }
      } catch {
        bad++;
      }
    }
    if (at < text.length) await nextTask();
  }
  return { entries, bad, marks };
}

/** A recording's `call` or `question` line as a mark of the timeline (a call's state, a question), if it is one. */
function markOf(v: unknown): TimelineMark | undefined {
  const l = v as {
    type?: unknown;
    t?: unknown;
    serverId?: unknown;
    callId?: unknown;
    id?: unknown;
    state?: unknown;
    status?: unknown;
  };
  if (typeof l.t !== 'number' || typeof l.serverId !== 'string') return undefined;
  if (l.type === 'call' && typeof l.callId === 'string' && typeof l.state === 'string')
    return { type: 'call', t: l.t, serverId: l.serverId, id: l.callId, state: l.state };
  if (l.type === 'question' && typeof l.id === 'string' && typeof l.status === 'string')
    return { type: 'question', t: l.t, serverId: l.serverId, id: l.id, state: l.status };
  return undefined;
}
