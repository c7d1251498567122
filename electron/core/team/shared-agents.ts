import { StoredAgents, type AgentStore, type StoredAgent } from '../agents/index.js';
import type { TeamStore } from './team-store.js';
import { InTurn } from './in-turn.js';

const CHANGED = 'mcpc_agents';

/** The one of two versions of an agent that stands: a revoked one over an active one, else the newer. */
function stands(a: StoredAgent, b: StoredAgent): StoredAgent {
  if (Boolean(a.revokedAt) !== Boolean(b.revokedAt)) return a.revokedAt ? a : b;
  return a.createdAt >= b.createdAt ? a : b;
}

const same = (a: StoredAgent | undefined, b: StoredAgent | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The gateway's agents across a team's instances: the store's `agents` table is the list, and each instance's
 * agents.json follows it (its gateway reads the file, without a query, before any token is trusted). An agent made,
 * changed or revoked on one instance (its page, or `agents add --team` on its machine) goes to the store and every
 * other instance takes it within milliseconds (NOTIFY): a token made on A is good on B, a revoked one nowhere.
 */
export class SharedAgents {
  private readonly steps = new InTurn((e) => this.log(`team store: the agents could not be shared: ${e.message}`));

  constructor(
    private readonly store: TeamStore,
    private readonly local: Pick<AgentStore, 'stored' | 'replace' | 'follow'>,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Joins the two lists (the first instance brings its file's agents), then follows both. */
  async start(): Promise<void> {
    await this.push();
    await this.pull();
    this.local.follow(() => {
      this.steps.add(() => this.push());
    });
    this.store.on(CHANGED, (p) => {
      if (p.from === this.store.instance) return;
      this.steps.add(() => this.pull());
    });
    this.store.onReconnect(() => this.steps.add(() => this.pull()));
  }

  idle(): Promise<void> {
    return this.steps.idle();
  }

  private async rows(): Promise<Map<string, StoredAgent>> {
    const { rows } = await this.store.pool.query<{ agent: unknown }>('SELECT agent FROM agents');
    const parsed = StoredAgents.safeParse(rows.map((r) => r.agent));
    if (!parsed.success) throw new Error("the store's agents are not as this console keeps them");
    return new Map(parsed.data.map((a) => [a.name, a]));
  }

  /** This instance's agents that the store lacks or holds older: written, and the others told. */
  private async push(): Promise<void> {
    const there = await this.rows();
    const changed = this.local.stored().filter((a) => {
      const t = there.get(a.name);
      return !t || (!same(t, a) && stands(t, a) === a);
    });
    if (changed.length === 0) return;
    await this.store.pool.query(
      `INSERT INTO agents (name, agent) SELECT * FROM unnest($1::text[], $2::jsonb[])
       ON CONFLICT (name) DO UPDATE SET agent = EXCLUDED.agent, changed_at = now()`,
      [changed.map((a) => a.name), changed.map((a) => JSON.stringify(a))],
    );
    await this.store.notify(CHANGED, { from: this.store.instance });
  }

  /** The store's agents as this instance's file, when they differ. */
  private async pull(): Promise<void> {
    const there = await this.rows();
    const mine = new Map(this.local.stored().map((a) => [a.name, a]));
    const merged = new Map(there);
    for (const [name, a] of mine) if (!merged.has(name)) merged.set(name, a);
    const next = [...merged.values()];
    if (next.length === mine.size && next.every((a) => same(a, mine.get(a.name)))) return;
    this.local.replace(next);
  }
}
