import type { Approval, DecideInput } from '../../../shared/schemas/call.js';
import type { Collection } from '../../../shared/schemas/collection.js';
import type { CollectionRun } from '../../../shared/schemas/collection-run.js';
import type { RequestInput, RequestName, RequestOutput } from '../../../shared/contract/index.js';
import type { ElicitationAnswer } from '../../../shared/schemas/elicitation.js';
import type { Baseline, PinFile, ReviewReport } from '../../../shared/schemas/review.js';
import type { ServerSettings, ServerView } from '../../../shared/schemas/server.js';
import type { TraceEntry } from '../../../shared/schemas/trace.js';
import { COMMAND_LINE } from '../../../shared/schemas/requester.js';
import type { AnyListener, ConsoleCore } from '../../core/index.js';

/** Who may decide what the command line asked for: a person on its terminal, `--yes`, or nobody (`system`). */
export type CommandDecider = 'user' | 'cli-flag' | 'system';

/** A collection run as a command asks for it, decides it and follows it. */
export interface CommandRuns {
  request(
    collection: Collection,
    file: string,
    opts: { against?: string; updateSnapshots?: boolean; env?: Record<string, string | undefined> },
  ): Promise<CollectionRun>;
  decide(
    runId: string,
    decision: 'approve' | 'deny',
    scopeHash: string,
    by: 'user' | 'cli-flag',
  ): Promise<CollectionRun>;
  cancel(runId: string): Promise<CollectionRun>;
  wait(runId: string): Promise<CollectionRun>;
  observed(runId: string, stepId: string): Promise<unknown>;
}

/**
 * What a command uses of a console: a core of its own (`ownCore`), or the console already running on the data
 * directory, reached over its local socket (`through-console.ts`). Every request is the command line's.
 */
export interface CommandCore {
  /** The console this command works through (its process), or undefined for a core of its own. */
  readonly beside?: { pid: number };
  ask<N extends RequestName>(name: N, input: RequestInput<N>): Promise<RequestOutput<N>>;
  onEvent(listener: AnyListener): () => void;
  connect(id: string, era?: ServerSettings['era']): Promise<ServerView>;
  decide(input: DecideInput, by: CommandDecider): Promise<Approval>;
  answerQuestion(answer: ElicitationAnswer): Promise<void>;
  review(serverIds: string[], baseline: Baseline, pins: PinFile | null): Promise<ReviewReport>;
  reviewedDefinitions(serverId: string): Promise<Record<string, unknown>[]>;
  /** Each trace entry of the command's servers as it is made; `whole`: a message the trace keeps a preview of. */
  followTrace(listener: (e: TraceEntry, whole?: unknown) => void, opts?: { whole?: boolean }): Promise<() => void>;
  readonly runs: CommandRuns;
  /** Forgets a server's tokens before signing in again (a core of its own; a console signs in with `auth.signIn`). */
  dropTokens?(serverId: string): void;
  close(): Promise<void>;
}

/** A command's own core: every request made as the command line. */
export function ownCore(core: ConsoleCore): CommandCore {
  const runs = core.collectionRuns();
  return {
    ask: (name, input) => core.ask(name, input, COMMAND_LINE),
    onEvent: (listener) => core.onEvent(listener),
    connect: (id, era) => core.connect(id, era),
    decide: async (input, by) => core.decide(input, by),
    answerQuestion: async (answer) => void core.answerQuestion(answer, COMMAND_LINE),
    review: (ids, baseline, pins) => core.review(ids, baseline, pins),
    reviewedDefinitions: async (id) => core.reviewedDefinitions(id),
    followTrace: async (listener, opts) => core.followTrace(listener, opts),
    runs: {
      request: async (collection, file, opts) => runs.request(collection, file, COMMAND_LINE, opts),
      decide: async (id, decision, hash, by) => runs.decide(id, decision, hash, by),
      cancel: async (id) => runs.cancel(id),
      wait: (id) => runs.wait(id),
      observed: async (id, step) => runs.observed(id, step),
    },
    dropTokens: (id) => core.dropTokens(id),
    close: () => core.close(),
  };
}
