import type { Requester } from './schemas/requester.js';

// Words for a requester, apart from its schema: a page that only shows requesters does not build zod
// schemas at its start for them (schemas/requester.ts re-exports these).

/**
 * A requester as one key (`console`, `person:<sub>`, `cli`, `agent:<name>`, `view:<server>/<tool>`): for filters,
 * grants and maps.
 */
export function requesterKey(r: Requester): string {
  if (r.kind === 'agent') return `agent:${r.name}`;
  // On a team service each signed-in person is a requester of their own (their grants are theirs).
  if (r.kind === 'console' && r.person) return `person:${r.person.subject}`;
  if (r.kind === 'view') return `view:${r.serverId}/${r.tool}`;
  if (r.kind === 'collection') return `collection:${r.name}`;
  return r.kind;
}

/** A requester in words, for dialogs, tables and the terminal. */
export function describeRequester(r: Requester | undefined): string {
  if (!r) return 'unknown';
  if (r.kind === 'console') return r.person ? `${r.person.name}, in the console` : 'you, in the console';
  if (r.kind === 'cli') return 'the command line';
  if (r.kind === 'view') return `the view of ${JSON.stringify(r.tool)} on ${JSON.stringify(r.serverId)}`;
  if (r.kind === 'collection') return `collection ${JSON.stringify(r.name)} (run ${r.run.slice(0, 8)})`;
  return r.owner ? `agent ${JSON.stringify(r.name)} of ${r.owner.name}` : `agent ${JSON.stringify(r.name)}`;
}
