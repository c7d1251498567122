import type pg from 'pg';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import type { AuditShipping, TeamShipSource } from '../audit/index.js';
import { CHAIN_GREW } from './team-chain.js';
import type { TeamStore } from './team-store.js';

/** Any number below 2^31 (so pg_locks shows it whole as `objid`): the lock the team's shipper holds. */
const SHIP_LOCK = 731_042_402;
/** How often an instance that does not ship tries to (and the one that does checks its connection). */
const CAMPAIGN_MS = 1000;
const LABEL = 'mcp-console ship ';

type Checkpoint = ReturnType<TeamShipSource['checkpoint']>;

/**
 * Audit shipping for a team on a shared store: one instance ships the team's chain, so a receiver gets each entry
 * once (by the chain's `seq`), whichever instance wrote it. The shipper is elected by a PostgreSQL advisory lock held
 * on a connection of its own: when that instance dies or loses the store, the lock goes with its connection and
 * another instance takes it within a second, going on from the cursor the store keeps per receiver (written after
 * each acknowledged delivery). At least once still: entries sent but not yet acknowledged when a shipper dies are
 * sent again, with the same `seq`.
 */
export class TeamShipping implements TeamShipSource {
  private client: pg.Client | null = null;
  private holds = false;
  private head = 0;
  private holder: string | null = null;
  private latest: Checkpoint = null;
  private timer: NodeJS.Timeout | undefined;
  private campaigning = false;
  private closed = false;
  private saving = new Map<string, number>();
  private saved: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: TeamStore,
    private readonly shipping: Pick<AuditShipping, 'useTeam' | 'electionChanged' | 'chainGrew'>,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    await this.readHead();
    this.store.on(CHAIN_GREW, (p) => {
      if (typeof p.seq === 'number' && p.seq > this.head) this.head = p.seq;
      if (this.holds) this.shipping.chainGrew();
    });
    this.store.onReconnect(
      () =>
        void this.readHead().then(
          () => this.holds && this.shipping.chainGrew(),
          () => {},
        ),
    );
    this.shipping.useTeam(this);
    await this.campaign();
    this.timer = setInterval(() => void this.campaign(), CAMPAIGN_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.saved;
    const c = this.client;
    this.client = null;
    this.holds = false;
    await c?.end().catch(() => undefined);
  }

  elected(): boolean {
    return this.holds;
  }

  shipper(): string | null {
    return this.holds ? this.store.instance : this.holder;
  }

  newestSeq(): number {
    return this.head;
  }

  async readAfter(seq: number, max: number): Promise<Array<{ entry: AuditEntry; line: string }>> {
    const { rows } = await this.store.pool.query<{ line: string }>(
      'SELECT line FROM audit WHERE seq > $1 ORDER BY seq LIMIT $2',
      [seq, Math.max(1, Math.min(max, 5000))],
    );
    const cp = await this.store.pool.query<{ seq: string; hash: string; key: string; sig: string }>(
      'SELECT seq, hash, key, sig FROM audit_checkpoints ORDER BY seq DESC LIMIT 1',
    );
    const c = cp.rows[0];
    if (c) this.latest = { seq: Number(c.seq), hash: c.hash, key: c.key, sig: c.sig };
    const out = rows.map((r) => ({ entry: JSON.parse(r.line) as AuditEntry, line: r.line }));
    const last = out.at(-1)?.entry.seq ?? 0;
    if (last > this.head) this.head = last;
    return out;
  }

  checkpoint(): Checkpoint {
    return this.latest;
  }

  async cursor(target: string): Promise<number> {
    const { rows } = await this.store.pool.query<{ seq: string }>('SELECT seq FROM ship_cursors WHERE target = $1', [
      target,
    ]);
    return rows[0] ? Number(rows[0].seq) : 0;
  }

  /** A delivery acknowledged: kept in the store (the newest of those waiting, one write at a time, never backwards). */
  saveCursor(target: string, seq: number): void {
    const waiting = this.saving.size > 0;
    this.saving.set(target, seq);
    if (waiting) return;
    this.saved = this.saved.then(async () => {
      await new Promise((r) => setImmediate(r));
      const all = [...this.saving];
      this.saving.clear();
      await this.store.pool
        .query(
          `INSERT INTO ship_cursors (target, seq, instance) SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])
           ON CONFLICT (target) DO UPDATE SET seq = GREATEST(ship_cursors.seq, EXCLUDED.seq),
             instance = EXCLUDED.instance, at = now()`,
          [all.map(([t]) => t), all.map(([, s]) => s), all.map(() => this.store.instance)],
        )
        .catch((e: Error) => this.log(`team store: the shipping cursor could not be kept: ${e.message}`));
    });
  }

  private async readHead(): Promise<void> {
    const { rows } = await this.store.pool.query<{ seq: string }>('SELECT seq FROM audit_head WHERE one = 1');
    this.head = Math.max(this.head, Number(rows[0]?.seq ?? 0));
  }

  /** Takes the shipping lock when nobody holds it; the one that holds it checks that its connection still does. */
  private async campaign(): Promise<void> {
    if (this.campaigning || this.closed) return;
    this.campaigning = true;
    try {
      if (!this.client) this.client = await this.store.dedicated(LABEL + this.store.instance, (why) => this.lost(why));
      const client = this.client;
      if (this.holds) {
        await client.query('SELECT 1');
        return;
      }
      const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [SHIP_LOCK]);
      if (rows[0]?.got) {
        this.holds = true;
        this.holder = this.store.instance;
        this.log(`team store: this instance ships the team's audit chain`);
        this.shipping.electionChanged();
        return;
      }
      const who = await client.query<{ name: string }>(
        `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.classid = 0 AND l.objid = $1 AND l.granted LIMIT 1`,
        [SHIP_LOCK],
      );
      const name = who.rows[0]?.name;
      this.holder = name?.startsWith(LABEL) ? name.slice(LABEL.length) : null;
    } catch (e) {
      this.lost((e as Error).message);
    } finally {
      this.campaigning = false;
    }
  }

  private lost(why: string): void {
    const c = this.client;
    this.client = null;
    c?.end().catch(() => undefined);
    if (!this.holds) return;
    this.holds = false;
    this.holder = null;
    this.log(`team store: this instance no longer ships the team's audit chain (${why})`);
    this.shipping.electionChanged();
  }
}
