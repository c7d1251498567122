import { randomUUID } from 'node:crypto';
import { readPlacedText, CoreError, writeFileAtomic } from '../support/index.js';
import { join } from 'node:path';
import { z } from 'zod';
import { GrantView, type GrantCover, type GrantScope } from '../../../shared/schemas/agent.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { requesterKey } from '../../../shared/requester-text.js';
import { parseMeasured } from '../../../shared/boundary.js';

export { requesterKey };

/** Where a grant over several tools is kept: a key no tool name can take (names cannot hold NUL). */
const COVER_KEY: Record<Exclude<GrantCover, 'tool'>, string> = {
  server: '\u0000server',
  'read-only': '\u0000read-only',
};

/** What a standing grant decides for a call, and the grant itself. */
export interface PolicyMatch {
  grant: GrantView;
  allow: boolean;
}

/**
 * Standing decisions per requester × server × tool: "allow for this session" (memory only),
 * "always allow" and "never" (kept in `policies.json`). An allow holds only for the server identity
 * and the exact tool definition it was given for: when either changes it is void, dropped and
 * reported. "Never" holds for the tool's name whatever its definition.
 */
export class PolicyStore {
  private grants = new Map<string, GrantView>();
  /** Per grant that covers more than one tool: the definitions (fingerprints) it covers, as they were when given. */
  private covered = new Map<string, ReadonlySet<string>>();
  /** Problems met reading the file (its grants are then not honoured: the person is asked). */
  problem: string | null = null;
  private readonly path: string | null;
  private usedTimer: NodeJS.Timeout | null = null;
  private readonly followers = new Set<() => void>();

  constructor(
    dataDir: string | null,
    private readonly told: () => void = () => {},
  ) {
    this.path = dataDir ? join(dataDir, 'policies.json') : null;
  }

  private onChange(): void {
    this.told();
    for (const fn of this.followers) fn();
  }

  /** Calls `fn` after any change to the grants (a team's store follows the standing ones). */
  follow(fn: () => void): void {
    this.followers.add(fn);
  }

  /** The standing grants ("always", "never"): what outlives a session, and what a team's instances share. */
  standing(): GrantView[] {
    return [...this.grants.values()].filter((g) => g.scope !== 'session').map((g) => ({ ...g }));
  }

  /**
   * Replaces the standing grants with these (a team's store holds others); session grants stay. A grant kept under
   * the same id keeps its count of uses here.
   */
  replaceStanding(list: readonly GrantView[]): void {
    const before = new Map(this.standing().map((g) => [g.id, g]));
    for (const [k, g] of [...this.grants]) if (g.scope !== 'session') this.grants.delete(k);
    for (const g of list) {
      if (g.scope === 'session') continue;
      const had = before.get(g.id);
      this.grants.set(key(g.requester, g.serverId, g.tool), {
        ...g,
        uses: had?.uses ?? g.uses,
        ...(had?.lastUsedAt && { lastUsedAt: had.lastUsedAt }),
      });
    }
    this.save();
    this.onChange();
  }

  load(): void {
    if (!this.path) return;
    try {
      const data = z
        .object({ grants: z.array(GrantView) })
        .parse(parseMeasured(readPlacedText(this.path, 'the grants file'), 'the grants file'));
      for (const g of data.grants) if (g.scope !== 'session') this.grants.set(key(g.requester, g.serverId, g.tool), g);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      this.problem = `${this.path} could not be read (${(e as Error).message}); its grants are not honoured, every call is asked for`;
    }
  }

  list(): GrantView[] {
    return [...this.grants.values()].map((g) => ({ ...g }));
  }

  /**
   * The standing decision for this call, if any. An allow for another identity or definition is
   * void: it is dropped and handed to `voided` (the audit log says why).
   */
  match(
    requester: Requester,
    serverId: string,
    tool: string,
    identity: string,
    fingerprint: string,
    voided: (g: GrantView, why: string) => void,
  ): PolicyMatch | null {
    const k = key(requester, serverId, tool);
    const g = this.grants.get(k);
    if (!g) return this.matchCover(requester, serverId, identity, fingerprint, voided);
    if (g.scope !== 'never' && (g.serverIdentity !== identity || g.fingerprint !== fingerprint)) {
      this.grants.delete(k);
      if (g.scope === 'always') this.save();
      this.onChange();
      voided(g, g.serverIdentity !== identity ? "the server's identity changed" : "the tool's definition changed");
      return null;
    }
    return this.used(g);
  }

  /** A session grant over several tools of the server: it holds for a definition it covered when given. */
  private matchCover(
    requester: Requester,
    serverId: string,
    identity: string,
    fingerprint: string,
    voided: (g: GrantView, why: string) => void,
  ): PolicyMatch | null {
    for (const covers of ['server', 'read-only'] as const) {
      const k = key(requester, serverId, COVER_KEY[covers]);
      const g = this.grants.get(k);
      if (!g) continue;
      if (g.serverIdentity !== identity) {
        this.grants.delete(k);
        this.covered.delete(g.id);
        this.onChange();
        voided(g, "the server's identity changed");
        continue;
      }
      if (this.covered.get(g.id)?.has(fingerprint)) return this.used(g);
    }
    return null;
  }

  private used(g: GrantView): PolicyMatch {
    g.lastUsedAt = new Date().toISOString();
    g.uses++;
    // Uses are told at most once a second (a busy agent makes thousands of calls a second).
    this.usedTimer ??= setTimeout(() => ((this.usedTimer = null), this.onChange()), 1000);
    this.usedTimer.unref?.();
    return { grant: { ...g }, allow: g.scope !== 'never' };
  }

  /**
   * Allows a requester, for this session, every tool of a server (`server`) or its tools that
   * declare themselves read-only (`read-only`), as they are now: `fingerprints` are the definitions
   * covered. Replaces the grant of that cover before.
   */
  setCover(fields: {
    requester: Requester;
    serverId: string;
    covers: Exclude<GrantCover, 'tool'>;
    serverIdentity: string;
    fingerprints: Iterable<string>;
    grantedBy: string;
  }): GrantView {
    const g = newGrant({
      requester: fields.requester,
      serverId: fields.serverId,
      tool: '*',
      scope: 'session',
      covers: fields.covers,
      serverIdentity: fields.serverIdentity,
      grantedBy: fields.grantedBy,
    });
    const k = key(fields.requester, fields.serverId, COVER_KEY[fields.covers]);
    const before = this.grants.get(k);
    if (before) this.covered.delete(before.id);
    this.grants.set(k, g);
    this.covered.set(g.id, new Set(fields.fingerprints));
    this.onChange();
    return { ...g };
  }

  /** Sets the standing decision for a requester, server and tool (replacing the one before). */
  set(fields: {
    requester: Requester;
    serverId: string;
    tool: string;
    scope: GrantScope;
    serverIdentity: string;
    fingerprint: string;
    grantedBy: string;
  }): GrantView {
    const g = newGrant({
      requester: fields.requester,
      serverId: fields.serverId,
      tool: fields.tool,
      scope: fields.scope,
      covers: 'tool',
      ...(fields.scope !== 'never' && { serverIdentity: fields.serverIdentity, fingerprint: fields.fingerprint }),
      grantedBy: fields.grantedBy,
    });
    const k = key(fields.requester, fields.serverId, fields.tool);
    const before = this.grants.get(k);
    this.grants.set(k, g);
    // policies.json holds the standing grants: written when one of those is set or replaced.
    if (g.scope !== 'session' || (before && before.scope !== 'session')) this.save();
    this.onChange();
    return { ...g };
  }

  /** Revokes one grant by id; returns it. */
  revoke(id: string): GrantView {
    for (const [k, g] of this.grants) {
      if (g.id !== id) continue;
      this.grants.delete(k);
      this.covered.delete(g.id);
      if (g.scope !== 'session') this.save();
      this.onChange();
      return g;
    }
    throw new CoreError('unknown-grant', `no grant ${id}`);
  }

  /** Drops grants matching a test (a removed server, a revoked agent, a server whose identity changed). */
  drop(test: (g: GrantView) => boolean): GrantView[] {
    const gone = [...this.grants.entries()].filter(([, g]) => test(g));
    for (const [k, g] of gone) {
      this.grants.delete(k);
      this.covered.delete(g.id);
    }
    if (gone.some(([, g]) => g.scope !== 'session')) this.save();
    if (gone.length) this.onChange();
    return gone.map(([, g]) => g);
  }

  private save(): void {
    if (!this.path) return;
    const kept = [...this.grants.values()].filter((g) => g.scope !== 'session');
    writeFileAtomic(this.path, JSON.stringify({ grants: kept }, null, 2) + '\n');
  }
}

/** A grant just given: a new id, given now, not used yet. */
function newGrant(fields: Omit<GrantView, 'id' | 'grantedAt' | 'uses'>): GrantView {
  return { id: randomUUID(), ...fields, grantedAt: new Date().toISOString(), uses: 0 };
}

function key(r: Requester, serverId: string, tool: string): string {
  return `${requesterKey(r)}\u0000${serverId}\u0000${tool}`;
}
