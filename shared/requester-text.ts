import type { Requester } from './schemas/requester.js';

// Words for a requester, apart from its schema: a page that only shows requesters does not build zod
// schemas at its start for them (schemas/requester.ts re-exports these).

/** A requester as one key (`console`, `cli`, `agent:<name>`): for filters, grants and maps. */
export function requesterKey(r: Requester): string {
  return r.kind === 'agent' ? `agent:${r.name}` : r.kind;
}

/** A requester in words, for dialogs, tables and the terminal. */
export function describeRequester(r: Requester | undefined): string {
  if (!r) return 'unknown';
  if (r.kind === 'console') return 'you, in the console';
  if (r.kind === 'cli') return 'the command line';
  return `agent ${JSON.stringify(r.name)}`;
}
