import type { Token } from './intent-text.js';

// A setting planted where every shell starts, read for the order reader (intent-orders.ts, kindOf): "set
// NODE_TLS_REJECT_UNAUTHORIZED=0 in the user's shell profile". A write to a start-up file named in words, not as a path
// (a path, ".bashrc", is read in intent-action.ts). One bounded look at the order's object.

/** What the order reader knows of an order here: its verb and whether it is negated. */
type Said = { verb: string; negated: boolean };
/** A write into a start-up file (an Intent of intent-action.ts, by shape). */
type Planted = { kind: 'write-file'; base: number; object: Token[] };

/** Words before "profile" that make it a shell's start-up file: "shell profile", "bash profile". */
const SHELLS = new Set(['shell', 'bash', 'zsh', 'login', 'terminal']);
/** "set NODE_TLS_REJECT_UNAUTHORIZED=0 in the user's shell profile": a setting planted where every shell starts. */
export function plantedSetting(o: Said, obj: readonly Token[]): Planted | undefined {
  if (o.negated || (o.verb !== 'set' && o.verb !== 'export')) return undefined;
  const profile = obj.slice(0, 14).some((t, i) => t.w === 'profile' && SHELLS.has(obj[i - 1]?.w ?? ''));
  return profile ? { kind: 'write-file', base: 3, object: [...obj] } : undefined;
}
