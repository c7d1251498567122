import { count } from './plain-format.js';

/**
 * The one measure every message passes before anything reads it: a server's JSON-RPC message, a
 * page's request, an agent's request, an IPC message, an imported file. One iterative walk, with
 * early exits and no allocation but its own stack, so a 100,000-level or 10-million-value value
 * costs a bounded time and never the call stack. SECURITY.md lists each way in and its limits.
 */

/** What one message may be. Bytes are the way in's own (a stdio line, an HTTP body, a frame). */
export interface ShapeLimits {
  /** Levels of objects and arrays (the outermost is level 1). */
  depth: number;
  /** Values in all (every key, string, number, object and array counts one). */
  values: number;
  /** Characters of the longest string or key. */
  stringChars: number;
}

/**
 * The limits of a message from a peer. 1,000 levels leaves room for one tool nested far past its
 * own limit (128, checked per item further on) to be skipped alone while its page stands, and stays
 * under what the recursive code behind survives on Node 20's stack (measured: JSON.stringify about
 * 4,100 levels, structuredClone about 2,400, a recursive zod schema about 1,200).
 */
export const MESSAGE_LIMITS: ShapeLimits = { depth: 1000, values: 4_000_000, stringChars: 64 * 1024 * 1024 };

/** The limits of a file a person imports or the console reads back (config, trace, baseline, pins, agents). */
export const FILE_LIMITS: ShapeLimits = { depth: 1000, values: 8_000_000, stringChars: 64 * 1024 * 1024 };

/** The JSON-RPC error code of the answer the console gives itself for a message it refused at its boundary. */
export const REFUSED_CODE = -32051;

/**
 * Why `value` is past `limits`, in words ("nests deeper than 512 levels"), or undefined when it is
 * within them. Stops at the first limit crossed.
 */
export function overLimits(value: unknown, limits: ShapeLimits = MESSAGE_LIMITS): string | undefined {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  let seen = 0;
  while (values.length) {
    const v = values.pop();
    const d = depths.pop()!;
    seen++;
    if (typeof v === 'string') {
      if (v.length > limits.stringChars)
        return `holds a string of ${count(v.length)} characters (the limit is ${count(limits.stringChars)})`;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (d >= limits.depth) return `nests deeper than ${count(limits.depth)} levels`;
    if (Array.isArray(v)) {
      if (seen + values.length + v.length > limits.values) return `holds more than ${count(limits.values)} values`;
      for (let i = 0; i < v.length; i++) {
        values.push(v[i]);
        depths.push(d + 1);
      }
      continue;
    }
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      if (++seen + values.length > limits.values) return `holds more than ${count(limits.values)} values`;
      if (k.length > limits.stringChars)
        return `holds a key of ${count(k.length)} characters (the limit is ${count(limits.stringChars)})`;
      values.push((v as Record<string, unknown>)[k]);
      depths.push(d + 1);
    }
  }
  return undefined;
}

/** A value refused at the boundary; its message says what and why, in words. */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
}

/**
 * The first key that appears twice in one object of JSON text (already known to parse), with its
 * line: JSON.parse keeps the last, so a second "rules" silently drops the first and every deny in
 * it. One pass over the characters; each key is decoded once.
 */
export function duplicateKey(text: string): { key: string; line: number } | undefined {
  const objects: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      const keys = objects[objects.length - 1];
      if (keys && keyNext) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (keys.has(key)) return { key, line: text.slice(0, i).split('\n').length };
        keys.add(key);
        keyNext = false;
      }
      i = j;
    } else if (c === 123) {
      objects.push(new Set());
      keyNext = true;
    } else if (c === 91) objects.push(null);
    else if (c === 125 || c === 93) objects.pop();
    else if (c === 44) keyNext = objects[objects.length - 1] !== null && objects.length > 0;
  }
  return undefined;
}

/**
 * JSON text parsed and measured: the value, or a RefusedError naming `what` and the limit it crossed (or a key given
 * twice).
 */
export function parseMeasured(text: string, what: string, limits: ShapeLimits = FILE_LIMITS): unknown {
  const value: unknown = JSON.parse(text);
  const twice = duplicateKey(text);
  if (twice)
    throw new RefusedError(
      `${what} was refused: the key ${JSON.stringify(twice.key)} appears twice in one object (line ${twice.line}); only one can hold`,
    );
  const why = overLimits(value, limits);
  if (why) throw new RefusedError(`${what} was refused: it ${why}`);
  return value;
}

/**
 * Text from a peer cut in its middle for an error message or a log line: never echoed back whole
 * (a 100,000-character tool name), and the end of a sentence stays readable. At most `max` characters,
 * the note of what was left out included.
 */
export function clipMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = (left: number) => `… (${count(left)} characters left out) …`;
  // Too small a bound for the marker: the start, cut.
  if (max < marker(text.length).length + 2) return `${text.slice(0, Math.max(0, max - 1))}…`;
  // The marker counts towards max; its own length depends on the count it states.
  let keep = max - marker(text.length).length;
  while (keep + marker(text.length - keep).length > max) keep--;
  const head = Math.ceil(keep * 0.6);
  const tail = keep - head;
  return `${text.slice(0, head)}${marker(text.length - keep)}${tail > 0 ? text.slice(-tail) : ''}`;
}
