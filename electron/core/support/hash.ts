import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../shared/canonical-json.js';

/** Hex sha-256 of a UTF-8 string. */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** sha-256 of the canonical JSON of a value. */
export function hashJson(value: unknown): string {
  return sha256(canonicalJson(value));
}
