import type pg from 'pg';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import { sealedLine, type CheckpointSigner } from '../audit/index.js';
import type { TeamStore } from './team-store.js';

/** The entries that give a call its outcome (as the instance's own log reads them: unfinished-calls.ts). */
const ENDS = new Set(['completed', 'failed', 'denied', 'expired', 'abandoned']);

/** Told with the chain's new head after each append (team-shipping.ts follows it). */
export const CHAIN_GREW = 'mcpc_chain';
/** Entries written in one transaction at most. */
const BATCH = 500;
/** Entries waiting for the store at most (it is down): past it, new ones are refused (the own log keeps them). */
const MAX_WAITING = 1_000_000;
const RETRY_MS = 250;
/** A signed checkpoint after this many entries, or this long after the last. */
const CHECKPOINT_EVERY = 1000;
const CHECKPOINT_MS = 1000;

interface Waiting {
  entry: AuditEntry;
  done: () => void;
}

/**
 * The team's audit log in its store: every instance's entries in one hash chain. Each entry this instance writes to its
 * own log is appended here too, in a transaction that locks the chain's head, takes its hash and moves it on (two
 * instances never fork the chain); an entry is known by its hash in its instance's log, so one sent twice (its commit's
 * answer lost in a restart) is kept once. Entries wait while the store is down and go in order when it is back. Signed
 * checkpoints name the instance that signed them.
 */
export class TeamChain {
  private waiting: Waiting[] = [];
  private flushing = false;
  private retry: NodeJS.Timeout | undefined;
  private sinceCheckpoint = 0;
  private lastCheckpoint = 0;
  private closed = false;
  private paused = false;
  problem: string | null = null;

  constructor(
    private readonly store: TeamStore,
    private readonly signer: CheckpointSigner | undefined,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Appends one entry of this instance's log; resolves once it is in the team's chain. */
  add(entry: AuditEntry): Promise<void> {
    // An entry the instance's log did not write (another process holds it) has no hash: nothing to chain.
    if (this.closed || !entry.hash) return Promise.resolve();
    if (this.waiting.length >= MAX_WAITING) {
      this.problem = `${MAX_WAITING} audit entries wait for the team store; newer ones are in this instance's own log only`;
      return Promise.reject(new Error(this.problem));
    }
    return new Promise((done) => {
      this.waiting.push({ entry, done });
      this.flush();
    });
  }

  /** Resolves once nothing waits (or the store is down: then at once). */
  async idle(): Promise<void> {
    for (let i = 0; i < 200 && (this.waiting.length > 0 || this.flushing) && this.retry === undefined; i++)
      await new Promise((r) => setTimeout(r, 10));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
  }

  private flush(): void {
    if (this.paused || this.flushing || this.retry !== undefined || this.waiting.length === 0) return;
    this.flushing = true;
    const batch = this.waiting.slice(0, BATCH);
    this.write(batch).then(
      () => {
        this.waiting.splice(0, batch.length);
        this.flushing = false;
        this.problem = null;
        for (const w of batch) w.done();
        this.flush();
      },
      (e: Error) => {
        this.flushing = false;
        this.problem = `the team's audit chain could not be written (${e.message}); ${this.waiting.length} entries wait`;
        this.log(`team store: ${this.problem}`);
        if (this.closed) return;
        this.retry = setTimeout(() => {
          this.retry = undefined;
          this.flush();
        }, RETRY_MS);
        this.retry.unref();
      },
    );
  }

  private async write(batch: Waiting[]): Promise<void> {
    const written = await this.store.transaction(async (client) => {
      const head = await client.query<{ seq: string; hash: string }>(
        'SELECT seq, hash FROM audit_head WHERE one = 1 FOR UPDATE',
      );
      let seq = Number(head.rows[0]!.seq);
      let prev = head.rows[0]!.hash;
      const have = await client.query<{ instance_hash: string }>(
        'SELECT instance_hash FROM audit WHERE instance_hash = ANY($1)',
        [batch.map((w) => w.entry.hash)],
      );
      const there = new Set(have.rows.map((r) => r.instance_hash));
      const rows: unknown[] = [];
      const calls: AuditEntry[] = [];
      for (const { entry } of batch) {
        // Once each: an entry the chain has (its commit's answer was lost), or one given twice in this batch.
        if (there.has(entry.hash)) continue;
        there.add(entry.hash);
        if (entry.callId) calls.push(entry);
        const { seq: instanceSeq, prevHash: _p, hash: instanceHash, ...fields } = entry;
        const body = {
          ...fields,
          instance: this.store.instance,
          instanceSeq,
          instanceHash,
          seq: seq + 1,
          prevHash: prev,
        };
        const sealed = sealedLine(body as Record<string, unknown>);
        seq += 1;
        prev = sealed.hash;
        rows.push([seq, this.store.instance, instanceHash, sealed.line, sealed.hash]);
      }
      if (rows.length > 0) {
        await client.query(
          `INSERT INTO audit (seq, instance, instance_hash, line, hash)
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])`,
          [0, 1, 2, 3, 4].map((k) => rows.map((r) => (r as unknown[])[k])),
        );
        await client.query('UPDATE audit_head SET seq = $1, hash = $2 WHERE one = 1', [seq, prev]);
        await this.trackCalls(client, calls);
        // Heard at the commit (not before): the team's shipper reads what it names.
        await this.store.notify(CHAIN_GREW, { seq }, client);
      }
      return { n: rows.length, seq, prev };
    });
    this.sinceCheckpoint += written.n;
    if (written.n > 0) await this.checkpoint(written.seq, written.prev);
  }

  /**
   * The calls open in the chain, by instance (in the append's transaction): requested, approved, ended — three
   * statements a batch at most, whatever its size (a call asked for and ended within one batch touches none).
   */
  private async trackCalls(client: pg.ClientBase, entries: AuditEntry[]): Promise<void> {
    const opened = new Map<string, { requested: AuditEntry; approved: boolean }>();
    const approved = new Set<string>();
    const ended = new Set<string>();
    for (const e of entries) {
      if ((e.detail as { method?: unknown } | undefined)?.method === 'tasks/update') continue;
      const id = e.callId!;
      if (e.kind === 'call-requested') opened.set(id, { requested: e, approved: false });
      else if (e.kind === 'approved') {
        const o = opened.get(id);
        if (o) o.approved = true;
        else approved.add(id);
      } else if (ENDS.has(e.kind) && !opened.delete(id)) ended.add(id);
    }
    if (opened.size > 0) {
      const rows = [...opened.values()];
      await client.query(
        `INSERT INTO open_calls (call_id, instance, requested, approved)
         SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::boolean[]) ON CONFLICT DO NOTHING`,
        [
          rows.map((r) => r.requested.callId),
          rows.map(() => this.store.instance),
          rows.map((r) => JSON.stringify(r.requested)),
          rows.map((r) => r.approved),
        ],
      );
    }
    if (approved.size > 0)
      await client.query('UPDATE open_calls SET approved = true WHERE call_id = ANY($1)', [[...approved]]);
    if (ended.size > 0) await client.query('DELETE FROM open_calls WHERE call_id = ANY($1)', [[...ended]]);
  }

  /**
   * After a start: the entries of this instance's own log the chain lacks (written while the store was out of reach,
   * or as the log was opened after a crash), in order; before its first entry in the chain, only this process's own.
   * A call another instance already marked abandoned (this one stopped answering) is not marked twice.
   */
  async catchUp(recent: AuditEntry[], since: string): Promise<number> {
    const { rows } = await this.store.pool.query<{ instance_hash: string }>(
      'SELECT instance_hash FROM audit WHERE instance_hash = ANY($1)',
      [recent.map((e) => e.hash)],
    );
    const there = new Set(rows.map((r) => r.instance_hash));
    let from = recent.length;
    while (from > 0 && !there.has(recent[from - 1]!.hash)) from--;
    const missing = recent.slice(from).filter((e) => from > 0 || e.time >= since);
    const ended = missing.filter((e) => e.kind === 'abandoned' && e.callId).map((e) => e.callId!);
    const open = new Set(
      ended.length === 0
        ? []
        : (
            await this.store.pool.query<{ call_id: string }>('SELECT call_id FROM open_calls WHERE call_id = ANY($1)', [
              ended,
            ])
          ).rows.map((r) => r.call_id),
    );
    const send = missing.filter((e) => !(e.kind === 'abandoned' && e.callId && !open.has(e.callId)));
    // Before what was added meanwhile (newer entries of the same log): the chain keeps each log's order.
    const done = send.map(
      (entry) => new Promise<void>((d) => this.waiting.splice(send.indexOf(entry), 0, { entry, done: d })),
    );
    this.paused = false;
    this.flush();
    await Promise.all(done);
    return send.length;
  }

  /** Holds what is added until catchUp has put the older entries first. */
  pause(): void {
    this.paused = true;
  }

  /** A signed checkpoint of the chain's head this instance just wrote, now and then. */
  private async checkpoint(seq: number, hash: string): Promise<void> {
    if (!this.signer) return;
    if (this.sinceCheckpoint < CHECKPOINT_EVERY && Date.now() - this.lastCheckpoint < CHECKPOINT_MS) return;
    const signed = this.signer.sign({ seq, hash });
    await this.store.pool
      .query(
        'INSERT INTO audit_checkpoints (seq, hash, instance, key, sig) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [seq, hash, this.store.instance, signed.key, signed.sig],
      )
      .catch((e: Error) => this.log(`team store: a checkpoint could not be written: ${e.message}`));
    this.sinceCheckpoint = 0;
    this.lastCheckpoint = Date.now();
  }
}
