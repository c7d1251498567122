import type { Approval, CallRecord } from '../../../shared/schemas/call.js';
import type { ElicitationView } from '../../../shared/schemas/elicitation.js';

/** What one command's connection asked for: only these may it decide, follow or answer. */
export class Owned {
  readonly calls = new Set<string>();
  readonly runs = new Set<string>();
  readonly servers = new Set<string>();
  /** The servers' questions this command was told of: only these may it answer. */
  readonly questions = new Set<string>();

  /** A server's question is the command's when every call it came during is the command's (none is a person's). */
  asked(q: ElicitationView): boolean {
    return q.during.length > 0 && q.during.every((d) => this.calls.has(d.callId));
  }

  approval(a: Approval): boolean {
    return this.calls.has(a.callId) || (a.requestedBy.kind === 'collection' && this.runs.has(a.requestedBy.run));
  }

  /**
   * The command line's call states not yet known to be this command's: a call's first states are announced before
   * `calls.request` answers with its id. Held (a few calls, a few states each) until the id is known, then sent.
   */
  private held = new Map<string, CallRecord[]>();

  constructor(private readonly deliver: (c: CallRecord) => void) {}

  callChanged(c: CallRecord): void {
    if (this.calls.has(c.id)) return this.deliver(c);
    if (c.requestedBy.kind !== 'cli') return;
    const states = this.held.get(c.id);
    if (states) return void (states.length < HELD_STATES && states.push(c));
    if (this.held.size >= HELD_CALLS) this.held.delete(this.held.keys().next().value!);
    this.held.set(c.id, [c]);
  }

  /** A call this command asked for: its states so far are sent, and every one after. */
  claim(callId: string): void {
    this.calls.add(callId);
    for (const c of this.held.get(callId) ?? []) this.deliver(c);
    this.held.delete(callId);
  }
}

/** What a connection holds of other commands' call states, waiting to know whose they are. */
const HELD_CALLS = 64;
const HELD_STATES = 8;
