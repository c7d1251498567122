import { canonicalJson } from '../../../shared/canonical-json.js';
import type { TeamStore } from './team-store.js';
import { InTurn } from './in-turn.js';

const CHANGED = 'mcpc_state';
/** Rows written in one statement at most. */
const CHUNK = 1000;

/** One kind of state an instance keeps in a file of its own, as a team's instances share it (key → record). */
export interface SharedKind<T> {
  kind: string;
  /** This instance's records now, by key (what is shared of them: no per-instance counters). */
  local(): Map<string, T>;
  /** The store's records differ from this instance's: it takes them all (`from`: the instances that wrote them). */
  take(records: Map<string, T>, from: string[]): void;
  /** Calls `fn` after this instance's records changed. */
  follow(fn: () => void): void;
}

/**
 * State every instance of a team keeps alike — the standing grants, the settings — in the store's `shared_state`
 * table, one row a key, and in each instance's own files (read there without a query). A change on one instance is
 * written (a removal as a row without a body, so an instance that was away does not bring it back) and every other
 * instance takes it within milliseconds (NOTIFY); of two changes to one key at once, the later commit stands, and
 * every instance ends with it. The first instance to join brings its files; later ones take the store's.
 */
export class SharedRecords<T> {
  /** Each key as this instance last wrote or took it (canonical JSON: the store's jsonb keeps no key order). */
  private known = new Map<string, string | null>();
  private readonly steps = new InTurn((e) =>
    this.log(`team store: the ${this.of.kind} could not be shared: ${e.message}`),
  );

  constructor(
    private readonly store: TeamStore,
    private readonly of: SharedKind<T>,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    const rows = await this.rows();
    if (rows.length === 0) await this.push();
    else this.apply(rows);
    this.of.follow(() => this.steps.add(() => this.push()));
    this.store.on(CHANGED, (p) => {
      if (p.kind === this.of.kind && p.from !== this.store.instance) this.steps.add(() => this.pull());
    });
    this.store.onReconnect(() => this.steps.add(() => this.pull()));
  }

  idle(): Promise<void> {
    return this.steps.idle();
  }

  private async rows(): Promise<Array<{ key: string; body: T | null; instance: string }>> {
    const { rows } = await this.store.pool.query<{ key: string; body: T | null; instance: string }>(
      'SELECT key, body, instance FROM shared_state WHERE kind = $1',
      [this.of.kind],
    );
    return rows;
  }

  /** What changed here since last written or taken: written (removals as rows without a body), the others told. */
  private async push(): Promise<void> {
    const now = this.of.local();
    const keys: string[] = [];
    const bodies: (string | null)[] = [];
    for (const [k, v] of now) {
      const json = canonicalJson(v);
      if (this.known.get(k) === json) continue;
      keys.push(k);
      bodies.push(json);
    }
    for (const [k, json] of this.known) {
      if (json === null || now.has(k)) continue;
      keys.push(k);
      bodies.push(null);
    }
    if (keys.length === 0) return;
    for (let i = 0; i < keys.length; i += CHUNK)
      await this.store.pool.query(
        `INSERT INTO shared_state (kind, key, body, instance)
         SELECT $1, k, b, $4 FROM unnest($2::text[], $3::jsonb[]) AS t (k, b)
         ON CONFLICT (kind, key) DO UPDATE SET body = EXCLUDED.body, instance = EXCLUDED.instance, changed_at = now()`,
        [this.of.kind, keys.slice(i, i + CHUNK), bodies.slice(i, i + CHUNK), this.store.instance],
      );
    keys.forEach((k, i) => this.known.set(k, bodies[i]!));
    await this.store.notify(CHANGED, { kind: this.of.kind, from: this.store.instance });
  }

  /** The store's records, taken when they differ from this instance's. */
  private async pull(): Promise<void> {
    this.apply(await this.rows());
  }

  private apply(rows: Array<{ key: string; body: T | null; instance: string }>): void {
    this.known = new Map(rows.map((r) => [r.key, r.body === null ? null : canonicalJson(r.body)]));
    const records = new Map(rows.flatMap((r) => (r.body === null ? [] : [[r.key, r.body] as const])));
    const now = this.of.local();
    const same = now.size === records.size && [...now].every(([k, v]) => this.known.get(k) === canonicalJson(v));
    if (same) return;
    const from = [...new Set(rows.map((r) => r.instance))];
    this.of.take(records, from);
  }
}
