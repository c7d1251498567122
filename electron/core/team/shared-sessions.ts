import type { TeamStore } from './team-store.js';

const ENDED = 'mcpc_session_end';
/** Sessions kept at once; past it the ones nearest their end go (a flood of sign-ins never grows the store). */
const MAX_SESSIONS = 10_000;
/** How long a session found is answered from memory (a page's requests then cost no query each). */
const CACHE_MS = 30_000;

/**
 * Who is signed in to a team service, in its store: a session opened on one instance is found on every other (a load
 * balancer may send the next request anywhere), and one ended anywhere is ended everywhere (each instance closes its
 * pages of it). Only the sha-256 of the cookie's value is kept, as on one instance. A session found is remembered
 * for 30 s (bounded) so a page's requests cost no query each; an end heard from another instance forgets it at once,
 * and nothing is answered from memory while the store's notifications are cut (or after: they may have been missed).
 */
export class SharedSessions {
  private readonly ended = new Set<(key: string) => void>();
  private readonly found = new Map<string, { who: unknown; until: number; at: number }>();
  /** Counts the ends heard: a session read while one was heard is not remembered (it may be the one ended). */
  private ends = 0;

  constructor(private readonly store: TeamStore) {
    store.on(ENDED, (p) => {
      if (p.from === store.instance || typeof p.key !== 'string') return;
      this.found.delete(p.key);
      this.ends++;
      for (const fn of this.ended) fn(p.key);
    });
    store.onReconnect(() => this.found.clear());
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
    const now = Date.now();
    const c = this.found.get(key);
    if (c && now - c.at < CACHE_MS && c.until > now && this.store.unhealthy() === null)
      return { who: c.who, until: c.until };
    if (this.store.unhealthy() !== null) this.found.clear();
    const ends = this.ends;
    const { rows } = await this.store.pool.query<{ who: unknown; until: Date }>(
      'SELECT who, until FROM sessions WHERE key = $1 AND until > now()',
      [key],
    );
    const r = rows[0];
    if (!r) return (this.found.delete(key), undefined);
    if (ends !== this.ends || this.store.unhealthy() !== null) return { who: r.who, until: r.until.getTime() };
    if (this.found.size >= MAX_SESSIONS) this.found.delete(this.found.keys().next().value!);
    this.found.set(key, { who: r.who, until: r.until.getTime(), at: now });
    return { who: r.who, until: r.until.getTime() };
  }

  async drop(key: string): Promise<void> {
    this.found.delete(key);
    this.ends++;
    await this.store.pool.query('DELETE FROM sessions WHERE key = $1', [key]);
    await this.store.notify(ENDED, { key, from: this.store.instance });
  }

  onDroppedElsewhere(fn: (key: string) => void): void {
    this.ended.add(fn);
  }
}
