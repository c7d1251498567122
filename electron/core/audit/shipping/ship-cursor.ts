import { parseMeasured } from '../../../../shared/boundary.js';
import { readPlacedText } from '../../support/index.js';

/**
 * The seq of a log line without parsing all of it: an entry's own `seq`, `time`, `prevHash` and
 * `hash` are its last fields, so the last `"seq":` is its own (one in its arguments comes before).
 */
export function seqOf(line: string): number | null {
  const at = line.lastIndexOf(',"seq":');
  if (at < 0) return null;
  const m = /^,"seq":(\d+),/.exec(line.slice(at, at + 32));
  return m ? Number(m[1]) : null;
}

/** The cursor kept for a target: the newest entry it has, and where that entry's line ends in the log when known. */
export function readCursor(path: string, target: string): { seq: number; end?: number } {
  try {
    const c = parseMeasured(readPlacedText(path, 'the shipping cursor', 64 * 1024), 'the shipping cursor') as {
      target?: string;
      seq?: number;
      end?: number;
    };
    if (c.target !== target || typeof c.seq !== 'number') return { seq: 0 };
    return typeof c.end === 'number' ? { seq: c.seq, end: c.end } : { seq: c.seq };
  } catch {
    return { seq: 0 };
  }
}
