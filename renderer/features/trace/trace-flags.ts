import type { CallRecord } from '../../../shared/schemas/call';
import type { TraceEntry } from '../../../shared/schemas/trace';

/** How far apart a response's trace time and its call's end may be and still be the same answer. */
const NEAR_MS = 5_000;

function firstText(message: unknown): string | undefined {
  const content = (message as { result?: { content?: { type?: string; text?: unknown }[] } } | undefined)?.result
    ?.content;
  const t = Array.isArray(content) ? content.find((b) => b?.type === 'text' && typeof b.text === 'string') : undefined;
  return t?.text as string | undefined;
}

/** The calls whose results the console flagged, by server and tool: what the trace's rows are matched against. */
export function flaggedCalls(calls: Record<string, CallRecord>): Map<string, CallRecord[]> {
  const out = new Map<string, CallRecord[]>();
  for (const c of Object.values(calls)) {
    if (!c.resultScan?.findings.length) continue;
    const key = `${c.serverId}\u0000${c.tool}`;
    out.set(key, [...(out.get(key) ?? []), c]);
  }
  return out;
}

/**
 * The flagged call a `tools/call` response row answered: the same server and tool, near in time, and the same first
 * text when the trace kept it.
 */
export function flagOf(e: TraceEntry, flagged: Map<string, CallRecord[]>): CallRecord | undefined {
  if (e.kind !== 'response' || e.method !== 'tools/call' || !e.name) return undefined;
  const at = Date.parse(e.at);
  const text = firstText(e.message);
  return flagged
    .get(`${e.serverId}\u0000${e.name}`)
    ?.find(
      (c) =>
        c.finishedAt !== undefined &&
        Math.abs(Date.parse(c.finishedAt) - at) < NEAR_MS &&
        (text === undefined || firstText(c.result ? { result: c.result } : undefined) === text),
    );
}
