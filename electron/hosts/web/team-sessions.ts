import { createHash, randomBytes } from 'node:crypto';
import type { SharedSessions } from '../../core/index.js';
import type { SignedIn } from './team-sign-in.js';

/** Sessions held at once; past it the oldest ends (a flood of sign-ins never grows the service without bound). */
export const MAX_TEAM_SESSIONS = 10_000;

/** A signed-in person's session: who, their roles, until when. */
export interface TeamSession extends SignedIn {
  /** The sha-256 of the cookie's value: what is kept (the value itself only in the person's browser). */
  key: string;
  until: number;
}

/**
 * Where a team service keeps who is signed in. One instance keeps it in memory (a restart signs everyone out); a shared
 * store for several instances is a second implementation of this, not a change to its users.
 */
export interface TeamSessions {
  /** A new session; the cookie's value is in the answer only. */
  open(who: SignedIn, hours: number): Promise<{ value: string; session: TeamSession }>;
  /** The live session a cookie's value opens, or undefined (unknown, ended, or past its time). */
  find(value: string | undefined): Promise<TeamSession | undefined>;
  end(key: string): Promise<void>;
  /** Calls `fn` with the key of each session ended elsewhere (another instance on the same store). */
  onEndedElsewhere?(fn: (key: string) => void): void;
}

export const sessionKeyOf = (value: string) => createHash('sha256').update(value).digest('hex');
const keyOf = sessionKeyOf;

export class MemorySessions implements TeamSessions {
  private readonly byKey = new Map<string, TeamSession>();

  async open(who: SignedIn, hours: number): Promise<{ value: string; session: TeamSession }> {
    const value = randomBytes(32).toString('base64url');
    const session: TeamSession = { ...who, key: keyOf(value), until: Date.now() + hours * 3600_000 };
    this.byKey.set(session.key, session);
    if (this.byKey.size > MAX_TEAM_SESSIONS) this.byKey.delete(this.byKey.keys().next().value!);
    return { value, session };
  }

  async find(value: string | undefined): Promise<TeamSession | undefined> {
    if (value === undefined || value.length > 128) return undefined;
    const key = keyOf(value);
    const s = this.byKey.get(key);
    if (!s) return undefined;
    if (s.until > Date.now()) return s;
    this.byKey.delete(key);
    return undefined;
  }

  async end(key: string): Promise<void> {
    this.byKey.delete(key);
  }
}

/** Sessions in a team's shared store (several instances): found on any instance, ended on every one. */
export class StoreSessions implements TeamSessions {
  constructor(private readonly shared: SharedSessions) {}

  async open(who: SignedIn, hours: number): Promise<{ value: string; session: TeamSession }> {
    const value = randomBytes(32).toString('base64url');
    const session: TeamSession = { ...who, key: keyOf(value), until: Date.now() + hours * 3600_000 };
    await this.shared.put(session.key, who, session.until);
    return { value, session };
  }

  async find(value: string | undefined): Promise<TeamSession | undefined> {
    if (value === undefined || value.length > 128) return undefined;
    const key = keyOf(value);
    const got = await this.shared.get(key);
    return got && { ...(got.who as SignedIn), key, until: got.until };
  }

  end(key: string): Promise<void> {
    return this.shared.drop(key);
  }

  onEndedElsewhere(fn: (key: string) => void): void {
    this.shared.onDroppedElsewhere(fn);
  }
}
