import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { GrantView, type GrantScope } from '../../../shared/schemas/agent.js';
import { requesterKey, type Requester } from '../../../shared/schemas/requester.js';
import { CoreError, writeFileAtomic } from '../support/index.js';
import { parseMeasured } from '../../../shared/boundary.js';

export { requesterKey };

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
  /** Problems met reading the file (its grants are then not honoured: the person is asked). */
  problem: string | null = null;
  private readonly path: string | null;
  private usedTimer: NodeJS.Timeout | null = null;

  constructor(
    dataDir: string | null,
    private readonly onChange: () => void = () => {},
  ) {
    this.path = dataDir ? join(dataDir, 'policies.json') : null;
  }

  load(): void {
    if (!this.path) return;
    try {
      const data = z.object({ grants: z.array(GrantView) }).parse(parseMeasured(readFileSync(this.path, 'utf8'), 'the grants file'));
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
    if (!g) return null;
    if (g.scope !== 'never' && (g.serverIdentity !== identity || g.fingerprint !== fingerprint)) {
      this.grants.delete(k);
      if (g.scope === 'always') this.save();
      this.onChange();
      voided(g, g.serverIdentity !== identity ? "the server's identity changed" : "the tool's definition changed");
      return null;
    }
    g.lastUsedAt = new Date().toISOString();
    g.uses++;
    // Uses are told at most once a second (a busy agent makes thousands of calls a second).
    this.usedTimer ??= setTimeout(() => ((this.usedTimer = null), this.onChange()), 1000);
    this.usedTimer.unref?.();
    return { grant: { ...g }, allow: g.scope !== 'never' };
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
    const g: GrantView = {
      id: randomUUID(),
      requester: fields.requester,
      serverId: fields.serverId,
      tool: fields.tool,
      scope: fields.scope,
      ...(fields.scope !== 'never' && { serverIdentity: fields.serverIdentity, fingerprint: fields.fingerprint }),
      grantedBy: fields.grantedBy,
      grantedAt: new Date().toISOString(),
      uses: 0,
    };
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
      if (g.scope !== 'session') this.save();
      this.onChange();
      return g;
    }
    throw new CoreError('unknown-grant', `no grant ${id}`);
  }

  /** Drops grants matching a test (a removed server, a revoked agent, a server whose identity changed). */
  drop(test: (g: GrantView) => boolean): GrantView[] {
    const gone = [...this.grants.entries()].filter(([, g]) => test(g));
    for (const [k] of gone) this.grants.delete(k);
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

function key(r: Requester, serverId: string, tool: string): string {
  return `${requesterKey(r)}\u0000${serverId}\u0000${tool}`;
}
