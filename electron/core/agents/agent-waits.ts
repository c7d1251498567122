import type { CallRecord } from '../../../shared/schemas/call.js';
import type { ElicitationView } from '../../../shared/schemas/elicitation.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { EventBus } from '../support/index.js';
import { progressLine, type Progress } from './progress-line.js';

/** The note an agent hears while its call waits for the person's approval. */
const APPROVING = 'waiting for a person to approve it in MCP Console';
/** What an agent hears while its call's result waits for the person. */
const HOLDING = 'the result came back; it waits for the person at MCP Console to read it first';
/** The note while the server asked the person something during the call (elicitation, sampling). */
const answering = (q: ElicitationView) =>
  `waiting for a person to answer ${q.kind === 'sampling' ? 'a sampling request' : 'a question'} from ${q.serverId} in MCP Console`;

/**
 * What agents hear while their calls run: the server's progress, and "still waiting" while a
 * person is awaited — for the approval, or for the answer to a question the server asked the person
 * during the call (which holds the call as surely). The notes come at once and then every beat, so
 * an SDK client that resets its timeout on progress (`resetTimeoutOnProgress`) waits as long as the
 * person may take instead of giving up after its own 60 s; all of it in one increasing line per call.
 */
export class AgentWaits {
  /** The agents' calls waiting for a person's approval now. */
  private readonly approving = new Set<string>();
  /** The agents' calls whose result waits for the person (`resultScan: ask`). */
  private readonly holding = new Set<string>();
  /** The agents' calls whose server asked the person something not yet answered: call id → question id → its note. */
  private readonly questions = new Map<string, Map<string, string>>();
  private readonly lines = new Map<string, ReturnType<typeof progressLine>>();

  constructor(bus: EventBus) {
    bus.on((event, payload) => {
      if (event === 'call.progress') {
        const p = payload as { callId: string; progress: Progress };
        this.lines.get(p.callId)?.forward(p.progress);
      } else if (event === 'approval.requested') {
        // Asked again (the tool changed while it waited): the agent hears it still waits.
        const a = payload as { callId: string; requestedBy: Requester };
        if (a.requestedBy.kind !== 'agent') return;
        this.approving.add(a.callId);
        this.lines.get(a.callId)?.note(APPROVING);
      } else if (event === 'approval.resolved') this.approving.delete((payload as { callId: string }).callId);
      else if (event === 'call.updated') {
        // A result held for the person: the agent hears it still waits, so its host does not give up.
        const r = payload as CallRecord;
        if (r.requestedBy.kind !== 'agent') return;
        if (r.resultScan?.action === 'waiting') {
          if (!this.holding.has(r.id)) this.lines.get(r.id)?.note(HOLDING);
          this.holding.add(r.id);
        } else this.holding.delete(r.id);
      } else if (event === 'elicitation.requested') this.asked(payload as ElicitationView);
      else if (event === 'elicitation.resolved') {
        const q = payload as ElicitationView;
        for (const c of q.during) {
          const open = this.questions.get(c.callId);
          if (open?.delete(q.id) && open.size === 0) this.questions.delete(c.callId);
        }
      }
    });
  }

  /**
   * Follows one agent's call for its agent: `awaitingApproval` when the approval was announced
   * before this (it is said at once). Returns what ends it.
   */
  follow(callId: string, send: (p: Progress) => void, awaitingApproval: boolean, beatMs: number): () => void {
    const line = progressLine(send);
    this.lines.set(callId, line);
    if (awaitingApproval) {
      this.approving.add(callId);
      line.note(APPROVING);
    }
    const beat = setInterval(() => {
      const note = this.stillWaiting(callId);
      if (note) line.note(note);
    }, beatMs);
    return () => {
      clearInterval(beat);
      this.approving.delete(callId);
      this.holding.delete(callId);
      this.questions.delete(callId);
      this.lines.delete(callId);
    };
  }

  private asked(q: ElicitationView): void {
    for (const c of q.during) {
      // Only an agent's call someone follows (one whose agent asked for progress) has anyone to tell.
      const line = c.requestedBy?.kind === 'agent' ? this.lines.get(c.callId) : undefined;
      if (!line) continue;
      const open = this.questions.get(c.callId) ?? new Map<string, string>();
      this.questions.set(c.callId, open.set(q.id, answering(q)));
      line.note(answering(q));
    }
  }

  /** What an agent hears at a beat (nothing while no person is awaited). */
  private stillWaiting(callId: string): string | undefined {
    if (this.approving.has(callId)) return APPROVING;
    if (this.holding.has(callId)) return HOLDING;
    const open = this.questions.get(callId);
    return open?.size ? [...open.values()].at(-1) : undefined;
  }
}
