import { StringDecoder } from 'node:string_decoder';

/** The longest line a splitter keeps by default: a whole message of the contract or of MCP, and no more. */
export const LINE_MAX = 64 * 1024 * 1024;

/**
 * Splits a byte stream into lines, calling `onLine` with each whole one (without its newline). UTF-8 safe across
 * chunks (a character split between two chunks stays whole). Linear by construction: each chunk is scanned once from
 * where the last line ended, and a line spread over many chunks is joined once. A line that grows past `maxLine`
 * characters is not kept: `onOversize` is told once, and what follows up to the next newline is dropped.
 */
export function lineSplitter(
  onLine: (line: string) => void,
  opts: { maxLine?: number; onOversize?: (chars: number) => void } = {},
): (chunk: Buffer | string) => void {
  const max = opts.maxLine ?? LINE_MAX;
  const decoder = new StringDecoder('utf8');
  let parts: string[] = [];
  let held = 0;
  let dropping = false;
  return (chunk) => {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      if (!dropping && held + nl - from <= max) {
        parts.push(text.slice(from, nl));
        const line = parts.length === 1 ? parts[0]! : parts.join('');
        parts = [];
        held = 0;
        onLine(line);
      } else {
        if (!dropping) opts.onOversize?.(held + nl - from);
        parts = [];
        held = 0;
        dropping = false;
      }
      from = nl + 1;
    }
    if (from >= text.length || dropping) return;
    held += text.length - from;
    if (held > max) {
      opts.onOversize?.(held);
      parts = [];
      held = 0;
      dropping = true;
      return;
    }
    parts.push(from === 0 ? text : text.slice(from));
  };
}
