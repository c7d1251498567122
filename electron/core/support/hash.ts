import { hash } from 'node:crypto';
import { canonicalJson } from '../../../shared/canonical-json.js';

/** Hex sha-256 of a UTF-8 string. */
export function sha256(text: string): string {
  return hash('sha256', text, 'hex'); // one-shot: no Hash object per call (every audit entry and fingerprint hashes)
}

/** sha-256 of the canonical JSON of a value. */
export function hashJson(value: unknown): string {
  return sha256(canonicalJson(value));
}
