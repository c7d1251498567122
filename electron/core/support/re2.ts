import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

const load = createRequire(import.meta.url);
let loaded: typeof RE2JS | undefined;

/**
 * RE2 (linear-time patterns), loaded when the first pattern is compiled: a server's schema with a
 * `pattern`, a policy's `matches`, a collection's check. An idle `serve` compiles none, and re2js
 * imported at start took half a megabyte of its heap (issue "Performance, round three").
 */
export function re2(): typeof RE2JS {
  return (loaded ??= (load('re2js') as { RE2JS: typeof RE2JS }).RE2JS);
}
