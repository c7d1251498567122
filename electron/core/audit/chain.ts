import { canonicalJson } from '../../../shared/canonical-json.js';
import { sha256 } from '../support/index.js';

/** The hash that starts the chain. */
export const GENESIS = '0'.repeat(64);

/** The hash of an entry: sha-256 of the canonical JSON of every field but `hash`. */
export function entryHash(entry: Record<string, unknown>): string {
  const { hash: _omit, ...rest } = entry;
  return sha256(canonicalJson(rest));
}
