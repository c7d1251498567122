import { TraceEntry } from '../../../shared/schemas/trace';

/** Text parsed per task: a 64 MB file is read in slices with a yield between them, never in one long task. */
const SLICE_CHARS = 256 * 1024;

/** Parses a JSONL export a slice at a time: the entries, and how many lines were not entries. */
export async function parseTraceJsonl(text: string, sliceChars = SLICE_CHARS): Promise<{ entries: TraceEntry[]; bad: number }> {
  const entries: TraceEntry[] = [];
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
        const r = TraceEntry.safeParse(JSON.parse(line));
        if (r.success) entries.push(r.data);
        else bad++;
      } catch {
        bad++;
      }
    }
    if (at < text.length) await new Promise((r) => setTimeout(r, 0));
  }
  return { entries, bad };
}
