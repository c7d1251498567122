import type { WebSocket } from 'ws';
import type { AgentView } from '../../../shared/schemas/agent.js';
import type { ConsoleCore } from '../../core/index.js';
import { pushEvents } from './page-wire.js';
import { agentsFor } from './team-access.js';
import type { TeamSession, TeamSessions } from './team-sessions.js';

/** The longest a timer may wait (Node's limit); a session longer than that is looked at again then. */
const LONGEST_MS = 2 ** 31 - 1;

/**
 * The pages open on a team service, each its person's: the core's events pushed to each (an agents' change shaped for
 * its person), and every page of a session closed the moment the session ends — signed out, or its time run out
 * (a timer per session: a page that says nothing would otherwise go on getting the queue's events).
 */
export class TeamPagesOpen {
  private readonly bySocket = new Map<WebSocket, TeamSession>();
  private readonly sockets = new Set<WebSocket>();
  private readonly ended = new WeakSet<TeamSession>();
  readonly outbox: ReturnType<typeof pushEvents>;
  private readonly timers = new Map<TeamSession, NodeJS.Timeout>();

  constructor(
    private readonly core: ConsoleCore,
    private readonly sessions: TeamSessions,
    private readonly log: (line: string) => void,
  ) {
    // Signed out on another instance: this one's pages of that session close too (the other instance audited it).
    sessions.onEndedElsewhere?.((key) => this.closePages(key, 'was signed out'));
    this.outbox = pushEvents(core, this.sockets, log, {
      events: new Set(['agents.changed']),
      shape: (ws, _event, payload) => {
        const s = this.bySocket.get(ws);
        return s && agentsFor(s, payload as { agents: AgentView[] });
      },
    });
  }

  add(ws: WebSocket, s: TeamSession): void {
    this.bySocket.set(ws, s);
    this.sockets.add(ws);
    ws.on('close', () => (this.bySocket.delete(ws), this.sockets.delete(ws)));
    if (!this.timers.has(s)) this.arm(s);
  }

  /** Ends the session when its time runs out (looked at again past a timer's longest wait). */
  private arm(s: TeamSession): void {
    const t = setTimeout(
      () => (s.until <= Date.now() ? void this.end(s, 'was signed out: the session ran out') : this.arm(s)),
      Math.min(Math.max(0, s.until - Date.now()), LONGEST_MS),
    );
    t.unref();
    this.timers.set(s, t);
  }

  /**
   * Ends a session once: its pages' connections close at once (4401), and the audit log says so; resolves once the
   * store has let go of it too (a sign-out answers after that: the cookie is then good nowhere).
   */
  async end(s: TeamSession, why: string): Promise<void> {
    if (this.ended.has(s)) return;
    this.ended.add(s);
    clearTimeout(this.timers.get(s));
    this.timers.delete(s);
    const released = this.sessions
      .end(s.key)
      .catch((e: Error) => this.log(`team: a session could not be ended in the store: ${e.message}`));
    this.closePages(s.key, why);
    this.core.team().note('team-signed-out', s.person, `${s.person.name} ${why}`);
    // SECURITY: the sign-out answers only once the store has let go of the session (another instance asked right
    // after must not let the cookie in).
    await released;
  }

  private closePages(key: string, why: string): void {
    for (const [ws, of] of this.bySocket) if (of.key === key) ws.close(4401, why.slice(0, 100));
  }

  /** Ends every session that ran out (their pages with them). */
  runOut(now = Date.now()): void {
    for (const s of new Set(this.bySocket.values()))
      if (s.until <= now) void this.end(s, 'was signed out: the session ran out');
  }

  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.outbox.close();
    for (const ws of this.bySocket.keys()) ws.terminate();
  }
}
