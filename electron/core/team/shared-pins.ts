import type { AcceptedTool, AcceptedTools, PinChange } from '../agents/index.js';
import type { TeamStore } from './team-store.js';
import { InTurn } from './in-turn.js';

const CHANGED = 'mcpc_pins';
/** Rows written in one statement at most (a first sight can be 100,000 tools). */
const CHUNK = 1000;

interface PinRow {
  tool: string;
  fingerprint: string | null;
  pin: { def?: Record<string, unknown>; how?: AcceptedTool['how']; at?: string } | null;
}

/** What the pins of a team's instances need beside the kept pins: the servers of an identity, to look again. */
export interface PinsDeps {
  kept: Pick<AcceptedTools, 'get' | 'definition' | 'accept' | 'forget' | 'follow'>;
  /** The servers configured here with this identity. */
  servers(identity: string): string[];
  /** Pins of these servers changed from elsewhere: the gateway and the review look again. */
  changed(serverIds: string[]): void;
}

/**
 * The tool definitions a team accepted, per server identity, alike on every instance: the store's `pins` table (a
 * fingerprint and a definition per tool; a removal kept as a row without one), and each instance's own pins files
 * following it. A person accepting a changed tool on B's page releases the agents held by it on A within milliseconds.
 * The first listing of an identity is a baseline only where the store has none: an instance that meets a server later
 * takes the team's baseline, so what changed meanwhile waits for a person there too (a rug pull between two instances'
 * first sights is not taken as the baseline).
 */
export class SharedPins {
  /** Per identity: each tool's fingerprint as last written or taken here (null once removed). */
  private known = new Map<string, Map<string, string | null>>();
  private readonly steps = new InTurn((e) => this.log(`team store: the pins could not be shared: ${e.message}`));
  /** Set while pins taken from the store are applied here: they are not written back. */
  private taking = false;

  constructor(
    private readonly store: TeamStore,
    private readonly d: PinsDeps,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Takes the store's pins for the identities configured here (and brings this instance's where it has none). */
  async start(identities: string[]): Promise<void> {
    for (const identity of new Set(identities)) {
      await this.pull(identity, true);
      if (!this.known.has(identity) && this.d.kept.get(identity)) await this.push(identity, 'first-sight');
    }
    this.d.kept.follow((identity, how) => {
      if (!this.taking) this.steps.add(() => this.push(identity, how));
    });
    this.store.on(CHANGED, (p) => {
      if (p.from !== this.store.instance && typeof p.identity === 'string') {
        const identity = p.identity;
        this.steps.add(() => this.pull(identity));
      }
    });
    this.store.onReconnect(() =>
      this.steps.add(async () => void (await Promise.all([...this.known.keys()].map((i) => this.pull(i))))),
    );
  }

  idle(): Promise<void> {
    return this.steps.idle();
  }

  /**
   * What changed in an identity's pins here: written (a first sight only where the store has no baseline: then the
   * store's is taken), the others told.
   */
  private async push(identity: string, how: PinChange): Promise<void> {
    const pins = this.d.kept.get(identity) ?? new Map<string, AcceptedTool>();
    const known = this.known.get(identity) ?? new Map<string, string | null>();
    const rows: Array<[string, string | null, string | null]> = [];
    for (const [tool, p] of pins)
      if (known.get(tool) !== p.fingerprint) {
        const def = this.d.kept.definition(identity, tool);
        rows.push([tool, p.fingerprint, JSON.stringify({ ...(def && { def }), how: p.how, at: p.at })]);
      }
    for (const [tool, fp] of known) if (fp !== null && !pins.has(tool)) rows.push([tool, null, null]);
    if (rows.length === 0) return;
    const first = how === 'first-sight';
    if (first) {
      const { rows: had } = await this.store.pool.query('SELECT 1 FROM pins WHERE identity = $1 LIMIT 1', [identity]);
      if (had.length > 0) return this.pull(identity);
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      await this.store.pool.query(
        `INSERT INTO pins (identity, tool, fingerprint, pin, instance)
         SELECT $1, t, f, p, $5 FROM unnest($2::text[], $3::text[], $4::jsonb[]) AS r (t, f, p)
         ON CONFLICT (identity, tool) DO ${first ? 'NOTHING' : 'UPDATE SET fingerprint = EXCLUDED.fingerprint, pin = EXCLUDED.pin, instance = EXCLUDED.instance, changed_at = now()'}`,
        [identity, part.map((r) => r[0]), part.map((r) => r[1]), part.map((r) => r[2]), this.store.instance],
      );
    }
    for (const [tool, fp] of rows) known.set(tool, fp);
    this.known.set(identity, known);
    await this.store.notify(CHANGED, { identity, from: this.store.instance });
    // Two first sights at once: the one whose rows went in first is the baseline; the other takes it.
    if (first) await this.pull(identity);
  }

  /** The store's pins of an identity, taken where they differ from this instance's. */
  private async pull(identity: string, starting = false): Promise<void> {
    const { rows } = await this.store.pool.query<PinRow>(
      'SELECT tool, fingerprint, pin FROM pins WHERE identity = $1',
      [identity],
    );
    if (rows.length === 0) return;
    const known = new Map(rows.map((r) => [r.tool, r.fingerprint]));
    this.known.set(identity, known);
    const mine = this.d.kept.get(identity);
    const take = rows.flatMap((r) =>
      r.fingerprint !== null && mine?.get(r.tool)?.fingerprint !== r.fingerprint
        ? [{ name: r.tool, fingerprint: r.fingerprint, def: r.pin?.def, how: r.pin?.how ?? 'accepted', at: r.pin?.at }]
        : [],
    );
    const gone = [...(mine?.keys() ?? [])].filter((t) => (known.get(t) ?? null) === null);
    if (take.length === 0 && gone.length === 0) return;
    this.taking = true;
    try {
      if (take.length > 0) this.d.kept.accept(identity, take, !mine);
      if (gone.length > 0) this.d.kept.forget(identity, gone);
    } finally {
      this.taking = false;
    }
    if (!starting) this.d.changed(this.d.servers(identity));
  }
}
