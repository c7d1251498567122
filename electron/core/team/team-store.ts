import { hostname } from 'node:os';
import pg from 'pg';
import { migrate } from './migrations.js';

/** How often an instance says it is alive, and how long its silence means it is gone. */
export const HEARTBEAT_MS = 1000;
export const GONE_AFTER_MS = 5000;

/** A store URL fit for a message: its password left out. */
export function storeName(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.href;
  } catch {
    return 'the store URL (not a URL)';
  }
}

type Listener = (payload: Record<string, unknown>) => void;

/**
 * A team service's shared store on PostgreSQL: a pool for queries, one connection that LISTENs (reconnected when it
 * drops), this instance's row (its heartbeat) and whether the store can be reached now (the health check's answer).
 * Several instances on one database share through it; what each concern keeps there is its own (shared-queue.ts).
 */
export class TeamStore {
  readonly instance: string;
  private listener: pg.Client | null = null;
  private readonly channels = new Map<string, Set<Listener>>();
  private readonly reconnected = new Set<() => void>();
  private problem: string | null = null;
  private closed = false;
  private listening: Promise<unknown> = Promise.resolve();
  private beat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;

  private constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
    instance: string,
    private readonly log: (line: string) => void,
  ) {
    this.instance = instance;
  }

  /**
   * Connects, applies the schema's migrations and registers this instance; throws saying why when the store cannot be
   * reached or is newer than this code (the service then does not serve).
   */
  static async open(
    url: string,
    opts: { instance?: string; log?: (line: string) => void; connectTimeoutMs?: number } = {},
  ): Promise<TeamStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
      application_name: 'mcp-console',
    });
    const log = opts.log ?? ((l: string) => process.stderr.write(l + '\n'));
    // An idle connection the server cut (a restart) must not end the process: the next query takes a new one.
    pool.on('error', (e) => log(`team store: a pooled connection failed: ${e.message}`));
    const instance = opts.instance ?? process.env.MCP_CONSOLE_INSTANCE ?? `${hostname()}/${process.pid}`;
    const store = new TeamStore(pool, url, instance, log);
    try {
      await store.withClient((client) => migrate(client));
      await store.register();
      await store.listen();
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw new Error(`the team store ${storeName(url)} could not be used: ${(e as Error).message}`, { cause: e });
    }
    store.beat = setInterval(() => void store.heartbeat(), HEARTBEAT_MS);
    store.beat.unref();
    return store;
  }

  /**
   * A connection of the pool for `fn` alone. SECURITY (availability): a connection the server cuts while it is checked
   * out emits 'error', which ends the process unless someone listens: every checked-out connection is taken here, with
   * a listener, and one that failed is destroyed rather than put back (e2e/house/pg-connections.test.ts keeps it so).
   */
  async withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const onError = (e: Error) => this.log(`team store: a connection in use failed: ${e.message}`);
    client.on('error', onError);
    let failed: Error | undefined;
    try {
      return await fn(client);
    } catch (e) {
      failed = e as Error;
      throw e;
    } finally {
      client.off('error', onError);
      client.release(failed);
    }
  }

  /** `fn` in one transaction (BEGIN … COMMIT, or ROLLBACK when it throws). */
  transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      await client.query('BEGIN');
      try {
        const r = await fn(client);
        await client.query('COMMIT');
        return r;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    });
  }

  /** Why the store cannot be used now, or null: what the health check answers. */
  unhealthy(): string | null {
    return this.problem;
  }

  /** Calls `fn` with each notification's payload on `channel` (from every instance, this one included). */
  on(channel: string, fn: Listener): () => void {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      // One statement at a time on the LISTEN connection (it may be busy with another channel's).
      const listener = this.listener;
      this.listening = this.listening
        .then(() => listener?.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
        .catch(() => undefined);
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Called each time the LISTEN connection is back after a drop (what was notified meanwhile was missed). */
  onReconnect(fn: () => void): void {
    this.reconnected.add(fn);
  }

  async notify(channel: string, payload: Record<string, unknown>, client?: pg.ClientBase): Promise<void> {
    await (client ?? this.pool).query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
  }

  /**
   * A connection of its own, outside the pool (what holds a session-long lock: the shipper's election); `lost` is
   * called once when it fails or ends.
   */
  async dedicated(label: string, lost: (why: string) => void): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: label });
    let told = false;
    const tell = (why: string) => {
      if (told) return;
      told = true;
      client.end().catch(() => undefined);
      lost(why);
    };
    client.on('error', (e) => tell(e.message));
    client.on('end', () => tell('the connection ended'));
    await client.connect();
    return client;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.beat);
    clearTimeout(this.retry);
    await this.pool
      .query('UPDATE instances SET ended_at = now() WHERE name = $1', [this.instance])
      .catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }

  private async register(): Promise<void> {
    await this.pool.query(
      `INSERT INTO instances (name, host, pid, started_at, seen_at) VALUES ($1, $2, $3, now(), now())
       ON CONFLICT (name) DO UPDATE SET host = $2, pid = $3, started_at = now(), seen_at = now(), ended_at = NULL`,
      [this.instance, hostname(), process.pid],
    );
  }

  private async heartbeat(): Promise<void> {
    try {
      await this.pool.query('UPDATE instances SET seen_at = now() WHERE name = $1', [this.instance]);
      if (this.listener === null) throw new Error('its notifications are not heard yet');
      this.problem = null;
    } catch (e) {
      this.problem = `the team store ${storeName(this.url)} cannot be reached (${(e as Error).message})`;
    }
  }

  /** The connection that hears other instances; on a drop, the store is unhealthy until it is back. */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'mcp-console listen' });
    client.on('notification', (n) => {
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(n.payload ?? '{}') as Record<string, unknown>;
      } catch {
        return;
      }
      for (const fn of this.channels.get(n.channel) ?? []) fn(payload);
    });
    const lost = (why: string) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.problem = `the team store's notifications were cut (${why}); reconnecting`;
      this.log(`team store: ${this.problem}`);
      client.end().catch(() => undefined);
      this.again();
    };
    client.on('error', (e) => lost(e.message));
    client.on('end', () => lost('the connection ended'));
    await client.connect();
    for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.listener = client;
  }

  private again(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.listen().then(
        () => {
          this.problem = null;
          this.log('team store: reconnected');
          for (const fn of this.reconnected) fn();
        },
        () => this.again(),
      );
    }, 250);
    this.retry.unref();
  }
}
