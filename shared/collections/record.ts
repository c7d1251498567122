import type { Collection, Step } from '../schemas/collection.js';
import { pointerGet, pointerTokens } from './pointer.js';
import { redactSecrets, secretPointers, secretVariable } from './secrets.js';
import { stepIdFor } from './steps.js';

/** A call of the history, as recording reads it. */
export interface RecordedCall {
  serverId: string;
  tool: string;
  args: Record<string, unknown>;
  outcome?: string;
  /** The result document a snapshot keeps (absent: the call had none, or it was released). */
  snapshot?: unknown;
}

/** What recording made: the collection, and each secret it took out, by variable name. */
export interface Recording {
  collection: Collection;
  /** `{ variable, step, pointer }` for each argument replaced by `{{env.VARIABLE}}`. */
  secrets: Array<{ variable: string; step: string; pointer: string }>;
}

/**
 * A collection from calls, in order: one call step each, expecting the outcome it had, with its
 * result as the snapshot. Every argument that looks like a secret (by the review's words for
 * secrets, or a token's shape), and every one the person marked, becomes `{{env.NAME}}` — its value
 * is never written.
 */
export function recordCollection(
  name: string,
  calls: RecordedCall[],
  marked: Array<{ index: number; pointer: string }> = [],
  /** Step ids and variable names already in the collection the steps join (a new secret never reuses one). */
  taken: { ids?: Iterable<string>; vars?: Iterable<string> } = {},
): Recording {
  const ids = new Set<string>(taken.ids);
  const known = new Set<string>(taken.vars);
  const vars = new Set<string>();
  const secrets: Recording['secrets'] = [];
  // Every secret value found so far, written as its variable wherever it shows up again (args or results).
  const values = new Map<string, string>();
  const steps: Step[] = calls.map((c, index) => {
    const id = stepIdFor(c.tool, ids);
    let args = structuredClone(c.args);
    const pointers = new Set([
      ...secretPointers(args),
      ...marked.filter((m) => m.index === index).map((m) => m.pointer),
    ]);
    for (const p of [...pointers].sort()) {
      const variable = secretVariable(id, p, new Set([...known, ...vars]));
      const at = pointerGet(args, p);
      if (!replaceAt(args, p, `{{env.${variable}}}`)) continue;
      vars.add(variable);
      if (typeof at.value === 'string') values.set(at.value, variable);
      secrets.push({ variable, step: id, pointer: p });
    }
    args = redactSecrets(args, values) as Record<string, unknown>;
    const outcome = c.outcome === 'tool-error' || c.outcome === 'protocol-error' ? c.outcome : 'ok';
    return {
      id,
      call: { server: c.serverId, tool: c.tool, arguments: args },
      expect: { outcome },
      ...(c.snapshot !== undefined && { snapshot: { result: redactSecrets(c.snapshot, values) } }),
    };
  });
  const servers = [...new Set(calls.map((c) => c.serverId))];
  return { collection: { name, servers, ...(vars.size > 0 && { env: [...vars].sort() }), steps }, secrets };
}

/** Replaces the value at a pointer inside `root` (not the root itself); false when nothing is there. */
function replaceAt(root: unknown, pointer: string, value: unknown): boolean {
  const tokens = pointerTokens(pointer);
  const last = tokens.pop();
  if (last === undefined) return false;
  let v = root;
  for (const t of tokens) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, t)) return false;
    v = (v as Record<string, unknown>)[t];
  }
  if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, last)) return false;
  (v as Record<string, unknown>)[last] = value;
  return true;
}

/**
 * Recorded steps joined to the collection they go into (its name, ids and variables kept, servers and variables
 * added), or the recording's own collection when there is none.
 */
export function joinRecorded(existing: Collection | undefined, rec: Recording): Collection {
  if (!existing) return rec.collection;
  const env = [...new Set([...(existing.env ?? []), ...(rec.collection.env ?? [])])].sort();
  return {
    ...existing,
    servers: [...new Set([...(existing.servers ?? []), ...(rec.collection.servers ?? [])])],
    ...(env.length > 0 && { env }),
    steps: [...existing.steps, ...rec.collection.steps],
  };
}
