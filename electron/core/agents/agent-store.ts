import { randomBytes } from 'node:crypto';
import { readPlacedText, CoreError, sha256, writeFileAtomic } from '../support/index.js';
import { statSync, watch, type FSWatcher } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { AgentName, type AgentView, type NewAgent } from '../../../shared/schemas/agent.js';
import { Person } from '../../../shared/schemas/person.js';
import { parseMeasured } from '../../../shared/boundary.js';

const Stored = z.object({
  agents: z.array(
    z.object({
      name: AgentName,
      servers: z.array(z.string()),
      /** sha-256 of the token: the token itself is shown once and never kept. */
      tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
      createdAt: z.string(),
      revokedAt: z.string().optional(),
      /** On a team service: the person who made it (its calls are theirs). */
      owner: Person.optional(),
    }),
  ),
});
export type StoredAgent = z.infer<typeof Stored>['agents'][number];
export const StoredAgents = Stored.shape.agents;

/** How often the file is looked at without a reason to (a change another process makes shows within this). */
const LOOK_MS = 100;

/** The prefix of every agent token, so a leaked one is recognisable (and scanners can find it). */
export const TOKEN_PREFIX = 'mcpc_agent_';

/**
 * The agents of the approval gateway, in `agents.json` in the data directory: name, the servers
 * granted, and the sha-256 of the token (the token itself is shown once, at creation). Another
 * process (`mcp-console agents add|revoke`) may change the file while a console runs: it is read
 * again whenever its modification time changes, before any token is trusted.
 */
export class AgentStore {
  private agents: StoredAgent[] = [];
  private stamp = '';
  private lookedAt = 0;
  readonly path: string;
  private watcher: FSWatcher | null = null;
  /** Problems met reading the file (it is then treated as empty: no agent gets in). */
  problem: string | null = null;
  /** Told after each change, made here or found on disk (a team's store follows them). */
  private readonly followers = new Set<() => void>();

  /** `changed` is told when the file is found changed on disk (here or by another process). */
  constructor(
    dataDir: string,
    private readonly changed: () => void = () => {},
  ) {
    this.path = join(dataDir, 'agents.json');
  }

  /** Watches the data directory: a change to the file is looked at the moment it happens (and told to `changed`). */
  watch(): void {
    try {
      this.watcher = watch(dirname(this.path), (_kind, file) => void (file === 'agents.json' && this.refresh(true)));
      this.watcher.on('error', () => this.watcher?.close());
    } catch {
      /* the modification time is still checked before any token is trusted */
    }
  }

  close(): void {
    this.watcher?.close();
  }

  /**
   * Re-reads the file when it changed; true when it did. The file is looked at most every 100 ms
   * unless `force` (the console also watches it, and forces a look the moment it changes).
   */
  refresh(force = false): boolean {
    const now = Date.now();
    if (!force && now - this.lookedAt < LOOK_MS) return false;
    this.lookedAt = now;
    const stamp = this.stampNow();
    if (stamp === this.stamp) return false;
    const first = this.stamp === '';
    this.stamp = stamp;
    if (!first) queueMicrotask(() => (this.changed(), this.tell()));
    this.problem = null;
    if (stamp === 'none') {
      this.agents = [];
      return true;
    }
    try {
      this.agents = Stored.parse(parseMeasured(readPlacedText(this.path, 'the agents file'), 'agents.json')).agents;
    } catch (e) {
      // SECURITY: an unreadable file lets nobody in (fail closed), and says why.
      this.agents = [];
      this.problem = `${this.path} could not be read (${(e as Error).message}); no agent is let in until it is fixed`;
    }
    return true;
  }

  list(): AgentView[] {
    this.refresh();
    return this.agents.map(view);
  }

  get(name: string): AgentView | undefined {
    this.refresh();
    const a = this.agents.find((x) => x.name === name);
    return a && view(a);
  }

  /** Creates an agent (or replaces a revoked one of the same name); the token is in the answer only. */
  add(name: string, servers: string[], owner?: Person): NewAgent {
    this.refresh(true);
    if (!AgentName.safeParse(name).success)
      throw new CoreError(
        'bad-agent-name',
        `agent name ${JSON.stringify(name)}: use letters, digits, "_", "." and "-" (at most 64, starting with a letter or digit)`,
      );
    if (this.problem) throw new CoreError('agents-unreadable', this.problem);
    const old = this.agents.find((a) => a.name === name);
    if (old && !old.revokedAt)
      throw new CoreError(
        'agent-exists',
        `there is already an agent ${JSON.stringify(name)}; revoke it first to give it a new token`,
      );
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const agent: StoredAgent = {
      name,
      servers: [...new Set(servers)],
      tokenHash: sha256(token),
      createdAt: new Date().toISOString(),
      ...(owner && { owner }),
    };
    this.save([...this.agents.filter((a) => a.name !== name), agent]);
    return { ...view(agent), token };
  }

  /** Revokes an agent: its token is refused from now on. */
  revoke(name: string): AgentView {
    this.refresh(true);
    const a = this.agents.find((x) => x.name === name);
    if (!a) throw new CoreError('unknown-agent', `no agent ${JSON.stringify(name)}`);
    if (!a.revokedAt) this.save(this.agents.map((x) => (x === a ? { ...x, revokedAt: new Date().toISOString() } : x)));
    return view(this.agents.find((x) => x.name === name)!);
  }

  /** Changes which servers an agent may use. */
  setServers(name: string, servers: string[]): AgentView {
    this.refresh(true);
    const a = this.agents.find((x) => x.name === name && !x.revokedAt);
    if (!a) throw new CoreError('unknown-agent', `no active agent ${JSON.stringify(name)}`);
    this.save(this.agents.map((x) => (x === a ? { ...x, servers: [...new Set(servers)] } : x)));
    return view(this.agents.find((x) => x.name === name)!);
  }

  /** The active agent a bearer token belongs to, or undefined (unknown, revoked, or the file unreadable). */
  byToken(token: string): AgentView | undefined {
    if (!token.startsWith(TOKEN_PREFIX)) return undefined;
    this.refresh();
    const hash = sha256(token);
    const a = this.agents.find((x) => x.tokenHash === hash);
    return a && !a.revokedAt ? view(a) : undefined;
  }

  /** Writes the file and takes what it wrote as read (not read back); another process sees the change. */
  private save(next: StoredAgent[]): void {
    writeFileAtomic(this.path, JSON.stringify({ agents: next }, null, 2) + '\n');
    this.agents = next;
    this.problem = null;
    this.stamp = this.stampNow();
    queueMicrotask(() => this.tell());
  }

  private tell(): void {
    for (const fn of this.followers) fn();
  }

  /** Every agent as kept (the token's hash with it): what a team's store shares. */
  stored(): StoredAgent[] {
    this.refresh(true);
    return this.agents.map((a) => ({ ...a, servers: [...a.servers] }));
  }

  /** Takes the team store's agents as this file's (another instance changed them); told like any change. */
  replace(next: StoredAgent[]): void {
    this.save(next);
    queueMicrotask(this.changed);
  }

  /** Calls `fn` after each change (returns the way to stop). */
  follow(fn: () => void): () => void {
    this.followers.add(fn);
    return () => this.followers.delete(fn);
  }

  /** What tells one version of the file from another without reading it. */
  private stampNow(): string {
    try {
      const st = statSync(this.path);
      return `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch (e) {
      // Only a file that is not there is "no agents"; one that cannot be looked at (a link loop) is read, and fails
      // closed saying why.
      const code = (e as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? 'none' : `error:${code ?? 'unknown'}`;
    }
  }
}

function view(a: StoredAgent): AgentView {
  return {
    name: a.name,
    servers: [...a.servers],
    createdAt: a.createdAt,
    ...(a.revokedAt && { revokedAt: a.revokedAt }),
    ...(a.owner && { owner: { ...a.owner } }),
  };
}
