import { canonicalJson } from '../../../shared/canonical-json.js';
import { sha256 } from '../support/index.js';

/** The hash that starts the chain. */
export const GENESIS = '0'.repeat(64);

/**
 * An entry as the console writes it: its fields as JSON, then `hash`, the sha-256 of exactly the
 * text before it (closed with `}`). One serialisation and one hash per entry: every call writes
 * three, two of them before it may leave, so this is on the path of every call.
 */
export function sealedLine(body: Record<string, unknown>): { line: string; hash: string } {
  const text = JSON.stringify(body);
  const hash = sha256(text);
  return { line: `${text.slice(0, -1)},"hash":"${hash}"}`, hash };
}

/** Whether `line` is sealed as sealedLine writes it: its hash is the sha-256 of the text before it. */
export function lineSealed(line: string, hash: string): boolean {
  const tail = `,"hash":"${hash}"}`;
  return line.endsWith(tail) && sha256(line.slice(0, -tail.length) + '}') === hash;
}

/**
 * The hash of an entry written before lines were sealed as written (up to 0.1.0): sha-256 of the canonical JSON of
 * every field but `hash`.
 */
export function entryHash(entry: Record<string, unknown>): string {
  const { hash: _omit, ...rest } = entry;
  return sha256(canonicalJson(rest));
}
