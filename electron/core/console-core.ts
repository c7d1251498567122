import type { CollectionRuns } from './collections/index.js';
import type { Approval, Decider, DecideInput } from '../../shared/schemas/call.js';
import { CONSOLE_USER, type Requester } from '../../shared/schemas/requester.js';
import { type ServerSettings, type ServerView } from '../../shared/schemas/server.js';
import type { RequestInput, RequestName, RequestOutput } from '../../shared/contract/index.js';
import type { TraceEntry } from '../../shared/schemas/trace.js';
import type { Baseline, PinFile, ReviewReport } from '../../shared/schemas/review.js';
import type { ElicitationAnswer, ElicitationView } from '../../shared/schemas/elicitation.js';
import { loadConfigFile } from './config/index.js';
import type { AgentGateway } from './agents/index.js';
import { closeParts, composeCore, startParts, type CoreParts } from './compose.js';
import type { CoreOptions } from './core-options.js';
import { answerRequests, dispatch, type HandlerOptions, type Handlers } from './handlers.js';
import { CoreError, loadSdk, type AnyListener } from './support/index.js';
import type { RecordingState } from '../../shared/schemas/recording.js';
import type { ViewListen } from './apps/index.js';
import { TeamSide } from './team/index.js';

const partsOfCore = new WeakMap<ConsoleCore, CoreParts>();

/** What the agent gateway host uses of the core: who an agent is, what it sees, its calls through the gate. */
export type AgentDoor = Pick<
  AgentGateway,
  | 'authenticate'
  | 'active'
  | 'onVisibleChanged'
  | 'onRevoked'
  | 'watchFile'
  | 'prepare'
  | 'call'
  | 'tools'
  | 'viewList'
  | 'readView'
>;

/**
 * The MCP Console core, as the hosts see it: its lifecycle and events, the contract's handlers for
 * each front end (`handlers`, or `ask` for one request), and what a host needs that the contract
 * does not carry (the agent door, the views' origin, a connect in a given era, a decision by the
 * command line's flag, the offline review, the trace as it is written). Every method has a shipped
 * caller; tests' shortcuts are on TestCore (testing.ts). It holds no service of its own:
 * composeCore (compose.ts) builds every part, and each concern answers its own requests.
 */
export class ConsoleCore {
  private readonly p: CoreParts;

  constructor(opts: CoreOptions) {
    this.p = composeCore(opts);
    partsOfCore.set(this, this.p);
  }

  /** What a team service's host uses of the core: its door's records, and joining a shared store. */
  team(): TeamSide {
    const p = this.p;
    const calls = p.calls;
    return (p.team ??= new TeamSide({
      ...p,
      calls: {
        approval: (id) => calls.approval(id),
        check: (input, voter) => calls.gate.check(input, voter),
        decide: (input, voter) => calls.decide(input, 'user', voter),
      },
    }));
  }

  /** The handlers of every contract request for one front end (its requester, its own overrides). */
  handlers(opts: HandlerOptions): Handlers {
    return { ...answerRequests(this.p, opts.requester, opts.member), ...opts.overrides };
  }

  /**
   * One request of the contract, as a front end makes it (parsed, bounded, answered by its concern); a refusal throws.
   */
  async ask<N extends RequestName>(
    name: N,
    input: RequestInput<N>,
    requester: Requester = CONSOLE_USER,
  ): Promise<RequestOutput<N>> {
    const reply = await dispatch(this.handlers({ requester }), name, input);
    if (!reply.ok) throw new CoreError(reply.error.code, reply.error.message);
    return reply.value as RequestOutput<N>;
  }

  /** What the agent gateway uses: agents, what each sees, their calls through the gate. */
  agentDoor(): AgentDoor {
    return this.p.agents;
  }

  /** Collection runs: the command line's `test` asks for them, decides their scope and waits for them. */
  collectionRuns(): CollectionRuns {
    return this.p.collections.runs;
  }

  /**
   * Lets the console's page on these origins show MCP App views; resolves with the views' own origin (for the page's
   * frame-src).
   */
  serveViews(pageOrigins: string[], at?: ViewListen): Promise<string> {
    return this.p.apps.serveTo(pageOrigins, at);
  }

  /**
   * A person's front end is open: what their first action needs is loaded now, while they look.
   * That is the MCP SDK, which a `serve` with no page (or a command that connects nothing) leaves
   * out; without this, the first connect would wait about 40 ms for it.
   */
  frontEndOpened(): void {
    loadSdk().catch(() => undefined); // a failed load is tried again, and reported, by the connect that needs it
  }

  /** Loads saved servers and settings and opens the audit log. Problems are reported (and recorded), not thrown. */
  start(): string[] {
    return startParts(this.p);
  }

  /**
   * Adds the servers of a host config file for this run only (not saved). Returns their ids, the disabled ones and
   * warnings.
   */
  loadConfig(text: string): { ids: string[]; disabled: string[]; warnings: string[] } {
    return loadConfigFile(text, {
      store: this.p.store,
      consent: this.p.consent,
      consents: this.p.consents,
      record: (f) => this.p.trail.record(f),
    });
  }

  /**
   * Ends every call still open, disconnects every server and closes the audit log; resolves once nothing more is
   * written.
   */
  close(): Promise<void> {
    return closeParts(this.p);
  }

  /** Subscribes to every event of the contract; returns the unsubscribe function. */
  onEvent(listener: AnyListener): () => void {
    return this.p.bus.on(listener);
  }

  /** Connects (or reconnects) a server and lists its tools. A failure is reported in the returned view. */
  connect(id: string, era?: ServerSettings['era']): Promise<ServerView> {
    return this.p.connections.connect(id, era);
  }

  /**
   * Applies a decision on a pending approval: a person's (`user`), the command line's `--yes`, or a refusal when nobody
   * can be asked (`system`).
   */
  decide(input: DecideInput, decidedBy: Extract<Decider, 'user' | 'cli-flag' | 'system'>): Approval {
    return this.p.calls.decide(input, decidedBy);
  }

  /**
   * Withdraws a call whose asker went away (a command interrupted while its call waited or ran): one waiting for a
   * decision ends unsent, one running is cancelled (the server is told); the log says why.
   */
  withdrawCall(callId: string, reason: string): void {
    this.p.calls.cancel(callId, { decidedBy: 'system', reason });
  }

  /**
   * Reviews the connected servers (or those named) against a baseline and pins (the desktop app's own unless given):
   * the whole report, as the command line writes it.
   */
  review(serverIds?: string[], baseline?: Baseline, pins?: PinFile | null): Promise<ReviewReport> {
    return this.p.review.run(serverIds, baseline, pins);
  }

  /**
   * Answers a server's question (elicitation) on behalf of `requester`; content that does not fit its schema is
   * refused.
   */
  answerQuestion(answer: ElicitationAnswer, requester: Requester): ElicitationView {
    return this.p.elicitations.answer(answer, requester);
  }

  /** Forgets a server's tokens (not its registered client): connecting next asks the person to sign in again. */
  dropTokens(serverId: string): void {
    this.p.auth.dropTokens(serverId);
  }

  /** A server's tool definitions as the review read them. */
  reviewedDefinitions(serverId: string): Record<string, unknown>[] {
    return this.p.review.definitions(serverId);
  }

  /**
   * Records the trace and the decisions into `file` (`serve --record`) until the console closes (or the page stops
   * it); rejects when the file cannot be made or a recording is already being written.
   */
  record(file: string, servers?: string[]): Promise<RecordingState> {
    return this.p.recordings.start({ by: 'serve', file, servers });
  }

  /**
   * Follows the protocol trace: each message of every server as it is recorded; returns the unsubscribe function.
   * With `whole`, the listener also gets the message of an entry the trace keeps only a preview of (what a recording
   * writes), passed and not held.
   */
  followTrace(listener: (e: TraceEntry, whole?: unknown) => void, opts: { whole?: boolean } = {}): () => void {
    return this.p.trace.subscribe(listener, opts);
  }
}

/** A core's parts, for tests and benchmarks only (electron/core/testing.ts; hosts cannot import this file). */
export function partsOf(core: ConsoleCore): CoreParts {
  return partsOfCore.get(core)!;
}
