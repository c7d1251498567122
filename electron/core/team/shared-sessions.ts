import type { TeamStore } from './team-store.js';

const ENDED = 'mcpc_session_end';
/** Sessions kept at once; past it the ones nearest their end go (a flood of sign-ins never grows the store). */
const MAX_SESSIONS = 10_000;

/**
 * Who is signed in to a team service, in its store: a session opened on one instance is found on every other (a load
 * balancer may send the next request anywhere), and one ended anywhere is ended everywhere (each instance closes its
 * pages of it). Only the sha-256 of the cookie's value is kept, as on one instance.
 */
export class SharedSessions {
  private readonly ended = new Set<(key: string) => void>();

  constructor(private readonly store: TeamStore) {
    store.on(ENDED, (p) => {
      if (p.from === store.instance || typeof p.key !== 'string') return;
      for (const fn of this.ended) fn(p.key);
    });
  }

  async put(key: string, who: unknown, until: number): Promise<void> {
    await this.store.pool.query(
      'INSERT INTO sessions (key, who, until) VALUES ($1, $2, to_timestamp($3 / 1000.0)) ON CONFLICT (key) DO NOTHING',
      [key, JSON.stringify(who), until],
    );
    await this.store.pool.query(
      `DELETE FROM sessions WHERE until < now() OR key IN (SELECT key FROM sessions ORDER BY until DESC OFFSET $1)`,
      [MAX_SESSIONS],
    );
  }

  /** The live session of a key (its person and roles as signed in, and until when), or undefined. */
  async get(key: string): Promise<{ who: unknown; until: number } | undefined> {
    const { rows } = await this.store.pool.query<{ who: unknown; until: Date }>(
      'SELECT who, until FROM sessions WHERE key = $1 AND until > now()',
      [key],
    );
    const r = rows[0];
    return r && { who: r.who, until: r.until.getTime() };
  }

  async drop(key: string): Promise<void> {
    await this.store.pool.query('DELETE FROM sessions WHERE key = $1', [key]);
    await this.store.notify(ENDED, { key, from: this.store.instance });
  }

  onDroppedElsewhere(fn: (key: string) => void): void {
    this.ended.add(fn);
  }
}
