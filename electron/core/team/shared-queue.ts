import { randomUUID } from 'node:crypto';
import type { Approval, DecideInput } from '../../../shared/schemas/call.js';
import type { SharedApprovals, Voter } from '../approvals/index.js';
import { CoreError, type EventBus } from '../support/index.js';
import { abandoned, type AuditFields } from '../audit/index.js';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import { GONE_AFTER_MS, type TeamStore } from './team-store.js';

const QUEUE = 'mcpc_queue';
const DECIDE = 'mcpc_decide';
const ANSWER = 'mcpc_answer';
/** How long a decision forwarded to the instance holding the call waits for its answer. */
const FORWARD_TIMEOUT_MS = 10_000;

/** What the queue needs of this instance's calls: its own approvals, and a decision applied to one. */
export interface LocalApprovals {
  approval(id: string): Approval | undefined;
  /** Whether this instance would take the decision, and whether it closes the approval (throws when it would not). */
  check(input: DecideInput, voter?: Voter): boolean;
  decide(input: DecideInput, voter?: Voter): Approval;
  /** Writes an entry to this instance's audit log (and so to the team's chain). */
  record(fields: AuditFields): void;
}

type Answer = { ok: true; approval: Approval } | { ok: false; code: string; message: string };

/**
 * One queue over several instances (a team service on PostgreSQL). Each call is held by the instance its agent or
 * person reached (its connection to the MCP server is there); its approval is written to the store when it opens,
 * votes and closes, and every instance hears it (LISTEN/NOTIFY) and shows it to its pages. A decision taken on another
 * instance is sent to the holder, which claims it in the store (the `decisions` key admits the first, and refuses a
 * second whichever instance it came from), applies it, then answers. Calls of an instance that stopped answering are
 * closed by the others: their agent went away with it.
 */
export class SharedQueue implements SharedApprovals {
  /** Approvals other instances hold, by id, with the instance. */
  private readonly remote = new Map<string, Approval & { heldBy: string }>();
  private readonly waiting = new Map<string, (a: Answer) => void>();
  /** Writes of this instance's approvals, in order (an approval's close never overtakes its open). */
  private writes: Promise<void> = Promise.resolve();
  private readonly offs: (() => void)[] = [];
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: TeamStore,
    private readonly bus: EventBus,
    private readonly local: LocalApprovals,
    private readonly log: (line: string) => void = () => {},
  ) {}

  private get me(): string {
    return this.store.instance;
  }

  /** Closes what this instance held before it restarted, loads what the others hold, and starts hearing them. */
  async start(): Promise<void> {
    const mine = await this.store.pool.query<{ id: string }>(
      `UPDATE approvals SET status = 'void', closed_at = now() WHERE instance = $1 AND status = 'pending' RETURNING id`,
      [this.me],
    );
    for (const r of mine.rows) await this.store.notify(QUEUE, { op: 'closed', id: r.id, from: this.me });
    this.offs.push(this.store.on(QUEUE, (p) => void this.heard(p)));
    this.offs.push(this.store.on(DECIDE, (p) => void this.asked(p)));
    this.offs.push(this.store.on(ANSWER, (p) => void this.answered(p)));
    this.store.onReconnect(() => void this.reload());
    await this.reload();
    this.offs.push(
      this.bus.on((event, payload) => {
        const a = payload as Approval;
        if (event !== 'approval.requested' && event !== 'approval.voted' && event !== 'approval.resolved') return;
        if (this.remote.has(a.id) || (a as { heldBy?: string }).heldBy !== undefined) return;
        this.write(event, a);
      }),
    );
    this.sweep = setInterval(() => void this.sweepGone(), GONE_AFTER_MS / 2);
    this.sweep.unref();
  }

  close(): void {
    clearInterval(this.sweep);
    for (const off of this.offs) off();
    for (const [id, done] of this.waiting) {
      done({ ok: false, code: 'stopped', message: 'MCP Console stopped before the holding instance answered' });
      this.waiting.delete(id);
    }
  }

  /** Resolves once every write of this instance's approvals so far is in the store. */
  idle(): Promise<void> {
    return this.writes;
  }

  others(): Approval[] {
    return [...this.remote.values()];
  }

  /** A decision from this instance's pages: taken here when this instance holds the call, else sent to its holder. */
  decide(input: DecideInput, voter?: Voter): Promise<Approval> {
    return this.remote.has(input.approvalId) ? this.decideElsewhere(input, voter) : this.decideHere(input, voter);
  }

  /**
   * A decision on a call this instance holds. One that would close the approval is claimed in the store first: the
   * `decisions` key admits one, so of two decisions at once (here, or sent from two instances) the second is refused
   * by the constraint and told whose the first was. A vote short of its quorum is counted here (one loop).
   */
  private async decideHere(input: DecideInput, voter?: Voter): Promise<Approval> {
    const final = this.local.check(input, voter);
    if (final) {
      await this.writes; // the approval's own row is in the store (the claim refers to it)
      await this.claim(input, voter);
    }
    try {
      return this.local.decide(input, voter);
    } catch (e) {
      // Refused after the claim (it expired meanwhile): the claim goes, the refusal stands.
      if (final)
        await this.store.pool
          .query('DELETE FROM decisions WHERE approval_id = $1 AND instance = $2', [input.approvalId, this.me])
          .catch(() => undefined);
      throw e;
    }
  }

  private async claim(input: DecideInput, voter?: Voter): Promise<void> {
    const status = input.decision === 'approve' ? 'approved' : 'denied';
    const won = await this.store.pool.query(
      `INSERT INTO decisions (approval_id, decision, decider, instance) VALUES ($1, $2, $3, $4)
       ON CONFLICT (approval_id) DO NOTHING`,
      [input.approvalId, status, voter ? JSON.stringify(voter.person) : null, this.me],
    );
    if (won.rowCount === 1) return;
    const { rows } = await this.store.pool.query<{ decision: string; decider: Voter['person'] | null; at: Date }>(
      'SELECT decision, decider, at FROM decisions WHERE approval_id = $1',
      [input.approvalId],
    );
    const r = rows[0];
    throw new CoreError(
      'already-decided',
      `approval ${input.approvalId} is already ${r?.decision ?? 'decided'}` +
        (r?.decider ? ` by ${r.decider.name} (${r.decider.subject})` : '') +
        (r ? ` at ${r.at.toISOString()}` : '') +
        '; your decision was not applied',
    );
  }

  async decideElsewhere(input: DecideInput, voter?: Voter): Promise<Approval> {
    const a = this.remote.get(input.approvalId);
    if (!a) throw new CoreError('unknown-approval', `no approval ${input.approvalId}`);
    const id = randomUUID();
    const answer = new Promise<Answer>((resolve) => {
      const t = setTimeout(() => {
        this.waiting.delete(id);
        resolve({
          ok: false,
          code: 'holder-unreachable',
          message: `the instance holding this call (${a.heldBy}) did not answer in ${FORWARD_TIMEOUT_MS / 1000} s; your decision was not applied`,
        });
      }, FORWARD_TIMEOUT_MS);
      this.waiting.set(id, (x) => (clearTimeout(t), resolve(x)));
    });
    await this.store.pool.query(
      `INSERT INTO decision_requests (id, approval_id, from_instance, to_instance, input, voter) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, a.id, this.me, a.heldBy, JSON.stringify(input), voter ? JSON.stringify(voter) : null],
    );
    await this.store.notify(DECIDE, { id, to: a.heldBy });
    const got = await answer;
    if (!got.ok) throw new CoreError(got.code, got.message);
    return got.approval;
  }

  /** This instance's approval opened, got a vote, or closed: into the store, and every instance told. */
  private write(event: 'approval.requested' | 'approval.voted' | 'approval.resolved', a: Approval): void {
    const body = JSON.stringify(a);
    this.writes = this.writes
      .then(async () => {
        if (event === 'approval.requested')
          await this.store.pool.query(
            `INSERT INTO approvals (id, instance, status, body) VALUES ($1, $2, 'pending', $3)
             ON CONFLICT (id) DO UPDATE SET body = $3`,
            [a.id, this.me, body],
          );
        else if (event === 'approval.voted')
          await this.store.pool.query(`UPDATE approvals SET body = $2 WHERE id = $1`, [a.id, body]);
        else await this.closeRow(a, body);
        await this.store.notify(QUEUE, {
          op: event === 'approval.resolved' ? 'closed' : 'open',
          id: a.id,
          from: this.me,
        });
      })
      .catch((e: Error) => this.log(`team store: approval ${a.id} could not be shared: ${e.message}`));
  }

  /** The approval closed here: its row, and its decision under the key that admits one. */
  private async closeRow(a: Approval, body: string): Promise<void> {
    await this.store.transaction(async (client) => {
      await client.query(`UPDATE approvals SET status = $2, body = $3, closed_at = now() WHERE id = $1`, [
        a.id,
        a.status,
        body,
      ]);
      // A decision not claimed first (the command line's --yes, a rule) is recorded here; a claimed one is there.
      if (a.status !== 'approved' && a.status !== 'denied') return;
      await client.query(
        `INSERT INTO decisions (approval_id, decision, decider, instance) VALUES ($1, $2, $3, $4)
         ON CONFLICT (approval_id) DO NOTHING`,
        [a.id, a.status, a.decider ? JSON.stringify(a.decider) : null, this.me],
      );
    });
  }

  /** Another instance's approval changed: read it and tell this instance's pages. */
  private async heard(p: Record<string, unknown>): Promise<void> {
    if (p.from === this.me || typeof p.id !== 'string') return;
    const { rows } = await this.store.pool
      .query<{ body: Approval; instance: string; status: string }>(
        'SELECT body, instance, status FROM approvals WHERE id = $1',
        [p.id],
      )
      .catch(() => ({ rows: [] }));
    const row = rows[0];
    if (!row || row.instance === this.me) return;
    this.apply(row.body, row.instance, row.status);
  }

  private apply(body: Approval, instance: string, status: string): void {
    const a = { ...body, status: status as Approval['status'], heldBy: instance };
    const had = this.remote.has(a.id);
    if (status === 'pending') {
      this.remote.set(a.id, a);
      this.bus.emit(had ? 'approval.voted' : 'approval.requested', a);
    } else if (had) {
      this.remote.delete(a.id);
      this.bus.emit('approval.resolved', a);
    }
  }

  /** Everything other instances hold now (at start, and after the store's notifications were cut). */
  private async reload(): Promise<void> {
    const { rows } = await this.store.pool.query<{ body: Approval; instance: string }>(
      `SELECT body, instance FROM approvals WHERE status = 'pending' AND instance <> $1 ORDER BY created_at`,
      [this.me],
    );
    const now = new Set(rows.map((r) => r.body.id));
    for (const [id, a] of this.remote) if (!now.has(id)) this.apply(a, a.heldBy, 'void');
    for (const r of rows) if (!this.remote.has(r.body.id)) this.apply(r.body, r.instance, 'pending');
  }

  /** A decision sent to this instance: applied as its own, and answered. */
  private async asked(p: Record<string, unknown>): Promise<void> {
    if (p.to !== this.me || typeof p.id !== 'string') return;
    const { rows } = await this.store.pool.query<{ input: DecideInput; voter: Voter | null; from_instance: string }>(
      'SELECT input, voter, from_instance FROM decision_requests WHERE id = $1 AND answer IS NULL',
      [p.id],
    );
    const r = rows[0];
    if (!r) return;
    let answer: Answer;
    try {
      answer = { ok: true, approval: await this.decideHere(r.input, r.voter ?? undefined) };
    } catch (e) {
      answer = { ok: false, code: (e as CoreError).code ?? 'internal', message: (e as Error).message };
    }
    await this.store.pool.query('UPDATE decision_requests SET answer = $2 WHERE id = $1', [
      p.id,
      JSON.stringify(answer),
    ]);
    await this.store.notify(ANSWER, { id: p.id, to: r.from_instance });
  }

  private async answered(p: Record<string, unknown>): Promise<void> {
    if (p.to !== this.me || typeof p.id !== 'string') return;
    const done = this.waiting.get(p.id);
    if (!done) return;
    const { rows } = await this.store.pool.query<{ answer: Answer }>(
      'SELECT answer FROM decision_requests WHERE id = $1',
      [p.id],
    );
    this.waiting.delete(p.id);
    done(rows[0]?.answer ?? { ok: false, code: 'internal', message: 'the answer was lost' });
  }

  /**
   * An instance that stopped answering (killed, its machine gone): one live instance claims it (the row's update admits
   * one), closes the approvals it held, and marks each call it held open as abandoned, its agent gone with it.
   */
  private async sweepGone(): Promise<void> {
    try {
      const gone = await this.store.pool.query<{ name: string }>(
        `UPDATE instances SET ended_at = now()
         WHERE ended_at IS NULL AND name <> $2 AND seen_at < now() - make_interval(secs => $1)
         RETURNING name`,
        [GONE_AFTER_MS / 1000, this.me],
      );
      for (const { name } of gone.rows) await this.abandon(name);
    } catch {
      /* the store is unreachable: the health check says so; the next sweep tries again */
    }
  }

  private async abandon(instance: string): Promise<void> {
    const voided = await this.store.pool.query<{ id: string }>(
      `UPDATE approvals SET status = 'void', closed_at = now() WHERE status = 'pending' AND instance = $1 RETURNING id`,
      [instance],
    );
    for (const r of voided.rows) {
      const known = this.remote.get(r.id);
      if (known) this.apply(known, known.heldBy, 'void');
      await this.store.notify(QUEUE, { op: 'closed', id: r.id, from: this.me });
    }
    const open = await this.store.pool.query<{ requested: AuditEntry; approved: boolean }>(
      'SELECT requested, approved FROM open_calls WHERE instance = $1',
      [instance],
    );
    this.log(
      `team store: instance ${instance} stopped answering: ${voided.rowCount ?? 0} waiting calls closed, ${open.rowCount ?? 0} calls marked abandoned`,
    );
    for (const { requested: r, approved } of open.rows)
      this.local.record(
        abandoned(
          r,
          approved
            ? `the instance ${instance} holding this call stopped answering after it was approved: it may have reached the server, and its outcome is unknown (its agent was connected there)`
            : `the instance ${instance} holding this call stopped answering before it was decided: it was never sent (its agent was connected there)`,
          { approved, instance },
        ),
      );
  }
}
