import { z } from 'zod';
import { Collection } from './collection.js';

/** One difference between two results, at a JSON pointer. */
export const DiffEntry = z.object({
  path: z.string(),
  op: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export const JsonDiff = z.object({ entries: z.array(DiffEntry), total: z.number().int() });

export const StepFailure = z.object({
  kind: z.enum(['outcome', 'structured', 'assert', 'snapshot', 'setup']),
  message: z.string(),
  path: z.string().optional(),
  diff: JsonDiff.optional(),
});

/** One step of a run, as it went. */
export const RunStep = z.object({
  id: z.string(),
  /** `call get_weather on weather` */
  label: z.string(),
  kind: z.enum(['call', 'read', 'prompt', 'catalog']),
  server: z.string(),
  status: z.enum(['pending', 'running', 'passed', 'failed', 'skipped']),
  outcome: z.string().optional(),
  failures: z.array(StepFailure),
  /** The call it made (calls), in the console's history. */
  callId: z.string().optional(),
  /**
   * The arguments as sent, variables resolved (canonical JSON), values read from the environment written as their
   * variables.
   */
  argsJson: z.string().optional(),
  durationMs: z.number().optional(),
  /** The result as a snapshot keeps it (secrets written as their variables); absent past the size a run keeps. */
  observed: z.unknown().optional(),
  /** The observed result was too large to keep with the run (bytes). */
  observedBytes: z.number().int().optional(),
  /** Its snapshot was written from this run (update-snapshots, or a first snapshot). */
  updated: z.boolean().optional(),
  /** The step had a snapshot to compare with. */
  hasSnapshot: z.boolean(),
  /** With --against: where the other server's answer differs (its snapshot ignore list applied). */
  against: z.object({ outcome: z.string().optional(), diff: JsonDiff, error: z.string().optional() }).optional(),
});
export type RunStep = z.infer<typeof RunStep>;

/** What a run asks the person once: every step it may send, its arguments before variables are filled. */
export const RunScope = z.object({
  collection: z.string(),
  steps: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      server: z.string(),
      tool: z.string().optional(),
      argsTemplate: z.string().optional(),
    }),
  ),
  /** The servers it talks to (with --against, both). */
  servers: z.array(z.string()),
  /** The environment variables it reads into arguments (names only). */
  env: z.array(z.string()),
});
export type RunScope = z.infer<typeof RunScope>;

export const RunStatus = z.enum([
  'awaiting-approval',
  'running',
  'passed',
  'failed',
  'denied',
  'unreachable',
  'cancelled',
]);

/** A collection run, from its scope's approval to every step's verdict. */
export const CollectionRun = z.object({
  id: z.string(),
  /** The collection file it ran (its id in the collections list). */
  file: z.string(),
  name: z.string(),
  status: RunStatus,
  scope: RunScope,
  /** What a decision on the scope must name. */
  scopeHash: z.string(),
  /** Only these steps (a run of one step), else all. */
  only: z.string().optional(),
  against: z.string().optional(),
  requestedBy: z.string(),
  decidedBy: z.string().optional(),
  requestedAt: z.string(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  steps: z.array(RunStep),
  error: z.string().optional(),
});
export type CollectionRun = z.infer<typeof CollectionRun>;

/** A collection file in one of the collection folders. */
export const CollectionFile = z.object({
  /** Its id: the file's path. */
  id: z.string(),
  folder: z.string(),
  fileName: z.string(),
  name: z.string().optional(),
  steps: z.number().int().optional(),
  servers: z.array(z.string()).optional(),
  /** The file could not be read or is not a valid collection. */
  error: z.string().optional(),
  modifiedAt: z.string().optional(),
});
export type CollectionFile = z.infer<typeof CollectionFile>;

export const CollectionDoc = z.object({ file: CollectionFile, collection: Collection });
