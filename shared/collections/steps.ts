import type { Collection, Step } from '../schemas/collection.js';
import { variablesIn } from './template.js';

export type StepKind = 'call' | 'read' | 'prompt' | 'catalog';

export function stepKind(s: Step): StepKind {
  return s.call ? 'call' : s.read ? 'read' : s.prompt ? 'prompt' : 'catalog';
}

/** The server a step talks to. */
export function stepServer(s: Step): string {
  return (s.call ?? s.read ?? s.prompt ?? s.catalog)!.server;
}

/** A step in a few words: `call get_weather on weather`. */
export function describeStep(s: Step): string {
  if (s.call) return `call ${s.call.tool} on ${s.call.server}`;
  if (s.read) return `read ${s.read.uri} on ${s.read.server}`;
  if (s.prompt) return `prompt ${s.prompt.name} on ${s.prompt.server}`;
  return `catalog of ${s.catalog!.server}`;
}

/** Every server a collection needs: its `servers`, then any its steps name. */
export function serversOf(c: Collection): string[] {
  return [...new Set([...(c.servers ?? []), ...c.steps.map(stepServer)])];
}

/** What a step fills variables into: a call's or a prompt's arguments, a read's URI. */
function stepTemplates(s: Step): unknown {
  return s.call?.arguments ?? s.prompt?.arguments ?? s.read?.uri ?? {};
}

/** Every environment variable a collection reads: those it declares, then any its steps name. */
export function envOf(c: Collection, steps: readonly Step[] = c.steps): string[] {
  const env = new Set(c.env ?? []);
  for (const s of steps) for (const v of variablesIn(stepTemplates(s))) if (v.startsWith('env.')) env.add(v.slice(4));
  return [...env];
}

/** The same step against another server (for `--against`). */
export function onServer(s: Step, server: string): Step {
  const k = stepKind(s);
  return { ...s, [k]: { ...(s[k] as object), server } };
}

/** The collection with one step's snapshot set to a result (its ignore list kept). */
export function withSnapshot(c: Collection, stepId: string, result: unknown): Collection {
  return { ...c, steps: c.steps.map((s) => (s.id === stepId ? { ...s, snapshot: { ...s.snapshot, result } } : s)) };
}

/** A collection's file text: two-space JSON, a newline at the end (stable for diffs in a repository). */
export function collectionText(c: Collection): string {
  return JSON.stringify(c, null, 2) + '\n';
}

/** A file name for a collection's name: `Weather smoke test` → `weather-smoke-test.collection.json`. */
export function collectionFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'collection'}.collection.json`;
}

/** A step id from a tool name, unique among `taken`. */
export function stepIdFor(base: string, taken: Set<string>): string {
  const clean =
    base
      .replace(/[^\w-]+/g, '_')
      .replace(/^[^A-Za-z]+/, '')
      .slice(0, 56) || 'step';
  let id = clean;
  for (let i = 2; taken.has(id); i++) id = `${clean}-${i}`;
  taken.add(id);
  return id;
}

/** What a snapshot keeps of a result: all of it but `_meta` (timings, ids and hints that change run to run). */
export function snapshotOf(result: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(result).filter(([k]) => k !== '_meta'));
}
