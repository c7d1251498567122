import type { Collection } from '../../../shared/schemas/collection.js';
import type { CallRecord } from '../../../shared/schemas/call.js';
import type { CollectionFile, CollectionRun } from '../../../shared/schemas/collection-run.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { joinRecorded, recordCollection, type Recording } from '../../../shared/collections/record.js';
import { collectionText, snapshotOf, withSnapshot } from '../../../shared/collections/steps.js';
import { describeRequester } from '../../../shared/requester-text.js';
import type { AuditTrail } from '../audit/index.js';
import { CoreError, re2, type EventBus } from '../support/index.js';
import type { CollectionFiles } from './files.js';
import type { CollectionRuns } from './runs.js';
import { parseCollection } from './parse.js';
import { environmentsBeside, inEnvironment } from './environments.js';
import { compareText } from '../../../shared/plain-format.js';

export interface CollectionDeps {
  files: CollectionFiles;
  runs: CollectionRuns;
  trail: AuditTrail;
  bus: EventBus;
  /** A call of the history. */
  call(callId: string): CallRecord;
}

/** Collections for the front ends: files in the chosen folders, runs of them, and calls recorded into them. */
export class Collections {
  constructor(private readonly d: CollectionDeps) {}

  get files(): CollectionFiles {
    return this.d.files;
  }

  get runs(): CollectionRuns {
    return this.d.runs;
  }

  /** Adds a folder to keep collections in; the list now shows its files. */
  addFolder(path: string): { folders: string[]; standard: string } {
    const folders = this.d.files.addFolder(path);
    this.changed();
    return folders;
  }

  save(collection: Collection, where: { id?: string; folder?: string }, by: Requester, why = 'saved'): CollectionFile {
    const file = this.d.files.write(collection, where);
    this.d.trail.record({
      kind: 'collection-saved',
      requestedBy: by,
      reason: `${collection.name}: ${why}`,
      detail: { file: file.id, steps: collection.steps.length },
    });
    this.changed();
    return file;
  }

  import(text: string, folder: string | undefined, by: Requester): CollectionFile {
    return this.save(parseCollection(text, 'the imported file'), { folder }, by, 'imported');
  }

  putStep(id: string, step: Collection['steps'][number], by: Requester): CollectionFile {
    const { collection } = this.d.files.read(id);
    const at = collection.steps.findIndex((s) => s.id === step.id);
    const steps = at < 0 ? [...collection.steps, step] : collection.steps.map((s, i) => (i === at ? step : s));
    return this.save(
      { ...collection, steps },
      { id },
      by,
      at < 0 ? `step ${step.id} added` : `step ${step.id} changed`,
    );
  }

  remove(id: string, by: Requester): void {
    this.d.files.remove(id);
    this.d.trail.record({ kind: 'collection-saved', requestedBy: by, reason: 'removed', detail: { file: id } });
    this.changed();
  }

  /**
   * Calls of the history (the person's, an agent's, a view's) as steps with their results as
   * snapshots: into an existing collection, or a new one. Secrets become variables (see recordCollection).
   */
  record(
    input: {
      callIds: string[];
      into?: string;
      name?: string;
      folder?: string;
      secrets?: Array<{ callId: string; pointer: string }>;
    },
    by: Requester,
  ): { file: CollectionFile; added: string[]; secrets: Recording['secrets'] } {
    const calls = input.callIds.map((id) => this.d.call(id)).sort((a, b) => compareText(a.requestedAt, b.requestedAt));
    const open = calls.find((c) => c.state !== 'done');
    if (open) throw new CoreError('not-done', `call ${open.id} of ${open.tool} has not ended yet`);
    const existing = input.into ? this.d.files.read(input.into).collection : undefined;
    const name = existing?.name ?? input.name ?? `Recorded ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
    const marked = (input.secrets ?? []).flatMap((m) => {
      const index = calls.findIndex((c) => c.id === m.callId);
      return index < 0 ? [] : [{ index, pointer: m.pointer }];
    });
    const rec = recordCollection(
      name,
      calls.map((c) => ({
        serverId: c.serverId,
        tool: c.tool,
        args: JSON.parse(c.argsJson) as Record<string, unknown>,
        outcome: c.outcome,
        snapshot: c.result ? snapshotOf(c.result) : undefined,
      })),
      marked,
      existing && { ids: existing.steps.map((s) => s.id), vars: existing.env ?? [] },
    );
    const collection = joinRecorded(existing, rec);
    const askers = [...new Set(calls.map((c) => describeRequester(c.requestedBy)))].join(', ');
    const file = this.save(
      collection,
      input.into ? { id: input.into } : { folder: input.folder },
      by,
      `recorded ${calls.length} calls of ${askers}`,
    );
    return { file, added: rec.collection.steps.map((s) => s.id), secrets: rec.secrets };
  }

  /** A collection file's text and name, as kept (for a download). */
  exportText(id: string): { fileName: string; text: string } {
    const { file, collection } = this.d.files.read(id);
    return { fileName: file.fileName, text: collectionText(collection) };
  }

  /** Asks to run a collection file (or one step of it), in one of the environments beside it when named. */
  run(id: string, opts: { step?: string; against?: string; env?: string }, by: Requester): CollectionRun {
    const { collection } = this.d.files.read(id);
    const put = opts.env === undefined ? collection : inEnvironment(id, collection, opts.env);
    return this.d.runs.request(put, id, by, { only: opts.step, against: opts.against });
  }

  /** The environments beside a collection file (`NAME.env.json` in its folder). */
  environments(id: string): string[] {
    this.d.files.read(id);
    return environmentsBeside(id);
  }

  /** Writes what a run's step answered as that step's snapshot, in the file the run read. */
  acceptSnapshot(runId: string, stepId: string, by: Requester): CollectionFile {
    const run = this.d.runs.get(runId);
    const observed = this.d.runs.observed(runId, stepId);
    const { collection } = this.d.files.read(run.file);
    if (!collection.steps.some((s) => s.id === stepId))
      throw new CoreError('unknown-step', `the collection no longer has a step ${JSON.stringify(stepId)}`);
    return this.save(
      withSnapshot(collection, stepId, observed),
      { id: run.file },
      by,
      `snapshot of ${stepId} updated from run ${runId.slice(0, 8)}`,
    );
  }

  private changed(): void {
    this.d.bus.emit('collections.changed', { files: this.d.files.list() });
  }
}

/** RE2 (linear time): a collection's pattern cannot stall the run on a long result. */
export const re2Test = (pattern: string, text: string): boolean => re2().compile(pattern).matcher(text).find();
