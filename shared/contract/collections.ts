import { z } from 'zod';
import { none } from './common.js';
import { Collection, Step } from '../schemas/collection.js';
import { CollectionDoc, CollectionFile, CollectionRun } from '../schemas/collection-run.js';

const FileId = z.string().min(1).max(4096);
const Folder = z.string().min(1).max(4096);

/**
 * Collections: saved steps in files the person keeps (in a repository, or the data directory), run through the gate.
 */
export const requests = {
  /** The folders collections are kept in: the data directory's, then each one the person added. */
  'collections.folders': { input: none, output: z.object({ folders: z.array(z.string()), standard: z.string() }) },
  /** Adds a folder (an existing directory, e.g. a repository's `mcp-tests/`) to keep collections in. */
  'collections.addFolder': {
    input: z.object({ path: Folder }).strict(),
    output: z.object({ folders: z.array(z.string()), standard: z.string() }),
  },
  'collections.list': { input: none, output: z.array(CollectionFile) },
  'collections.get': { input: z.object({ id: FileId }).strict(), output: CollectionDoc },
  /** Writes a collection: over its file (`id`), or as a new file in `folder` (the standard one when absent). */
  'collections.save': {
    input: z.object({ id: FileId.optional(), folder: Folder.optional(), collection: Collection }).strict(),
    output: CollectionFile,
  },
  /**
   * Calls of the history into steps, their results as snapshots and their outcomes expected:
   * appended to the collection `into`, or a new one named `name`. Secrets become `{{env.NAME}}`.
   */
  'collections.record': {
    input: z
      .object({
        callIds: z.array(z.string().max(100)).min(1).max(1000),
        into: FileId.optional(),
        name: z.string().min(1).max(200).optional(),
        folder: Folder.optional(),
        /** Arguments the person marked as secret: the call and a JSON pointer into its arguments. */
        secrets: z
          .array(z.object({ callId: z.string().max(100), pointer: z.string().max(2000) }).strict())
          .max(1000)
          .optional(),
      })
      .strict(),
    output: z.object({
      file: CollectionFile,
      added: z.array(z.string()),
      secrets: z.array(z.object({ variable: z.string(), step: z.string(), pointer: z.string() })),
    }),
  },
  'collections.import': {
    input: z.object({ text: z.string().max(20_000_000), folder: Folder.optional() }).strict(),
    output: CollectionFile,
  },
  'collections.export': {
    input: z.object({ id: FileId }).strict(),
    output: z.object({ fileName: z.string(), text: z.string() }),
  },
  'collections.remove': { input: z.object({ id: FileId }).strict(), output: z.object({ ok: z.literal(true) }) },
  /** Adds or replaces one step (by id) of a collection. */
  'collections.putStep': { input: z.object({ id: FileId, step: Step }).strict(), output: CollectionFile },
  /** Asks to run a collection (or one step): the run waits for a decision on its whole scope. */
  'collections.run': {
    input: z
      .object({
        id: FileId,
        step: z.string().max(64).optional(),
        against: z.string().max(200).optional(),
        /** An environment beside the collection (`NAME.env.json` in its folder): its variables put in first. */
        env: z.string().max(64).optional(),
      })
      .strict(),
    output: CollectionRun,
  },
  /** The environments beside a collection file, by name (`mcp-console test --env NAME` reads the same files). */
  'collections.environments': {
    input: z.object({ id: FileId }).strict(),
    output: z.object({ names: z.array(z.string()) }),
  },
  /** The decision on a run's scope: `scopeHash` must be the run's. */
  'collections.decide': {
    input: z
      .object({ runId: z.string().max(100), decision: z.enum(['approve', 'deny']), scopeHash: z.string().max(100) })
      .strict(),
    output: CollectionRun,
  },
  'collections.cancel': { input: z.object({ runId: z.string().max(100) }).strict(), output: CollectionRun },
  'collections.runs': { input: none, output: z.array(CollectionRun) },
  /** Writes what a run's step answered as that step's snapshot. */
  'collections.acceptSnapshot': {
    input: z.object({ runId: z.string().max(100), step: z.string().max(64) }).strict(),
    output: CollectionFile,
  },
} as const;

export const events = {
  'collection.run': CollectionRun,
  'collections.changed': z.object({ files: z.array(CollectionFile) }),
} as const;
