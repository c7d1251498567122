import { existsSync } from 'node:fs';
import { readPlacedText, writeFileAtomic } from '../support/index.js';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ConsentRecord,
  type ConsentKind,
  type ConsentSurface,
  type LaunchLine,
  type PendingConsent,
} from '../../../shared/schemas/consent.js';
import type { ServerConfig } from '../../../shared/schemas/server.js';
import { parseMeasured } from '../../../shared/boundary.js';

/** One raise a person is asked to confirm, in words. */
export interface SettingRaise {
  /** The setting (a server's: "callTimeoutMs of ID"). */
  name: string;
  /** A limit's number, or (audit shipping) where the log would be sent; null: nowhere. */
  from: number | string | null;
  to: number | string | null;
}

/** One question put to a person, on a surface the page cannot drive. */
export interface ConsentQuestion {
  /** `settings`: a page raises a guarded setting (asked each time, never recorded as a server's consent). */
  kind: ConsentKind | 'settings';
  serverId: string;
  identity: string;
  launch?: LaunchLine;
  trust?: { trusted: boolean; autoApproveReadOnly: boolean };
  settings?: SettingRaise[];
}

/**
 * A surface where a person confirms what the page asked for: a native dialog (desktop app), the
 * terminal that started `serve`, the command line. Never the page itself.
 */
export interface ConsentProvider {
  /** How the console names this surface to the person ("the terminal that runs mcp-console serve"). */
  readonly where: string;
  readonly via: ConsentSurface;
  /** Resolves true when the person agreed, false when refused; 'unavailable' when nobody can be asked. */
  ask(q: ConsentQuestion): Promise<boolean | 'unavailable'>;
}

const SECRET_NAME = /(token|secret|passw|pwd|key|auth|cred|cookie|session)/i;

/**
 * The command line as the person sees it; values of env names that look like secrets are masked (their length shown).
 */
export function launchLine(config: Extract<ServerConfig, { type: 'stdio' }>): LaunchLine {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(config.env)) env[k] = SECRET_NAME.test(k) ? `••• (${v.length} characters)` : v;
  return { command: config.command, args: config.args, env, cwd: config.cwd };
}

const FileShape = z.object({ consents: z.array(z.unknown()) });

/**
 * The consents people gave, per server identity and kind. Persistent ones live in
 * `consents.json` (atomic writes); config-file ones only for this run. Asking is serialised per
 * server and kind, so a page that asks twice gets one question.
 */
export class ConsentStore {
  private records: ConsentRecord[] = [];
  private asking = new Map<string, { pending: PendingConsent; answer: Promise<boolean | 'unavailable'> }>();
  readonly problems: string[] = [];

  constructor(
    private readonly dataDir: string,
    private provider: ConsentProvider | null = null,
    private readonly changed: () => void = () => {},
  ) {}

  private get path(): string {
    return join(this.dataDir, 'consents.json');
  }

  load(): void {
    if (!existsSync(this.path)) return;
    try {
      const file = FileShape.parse(parseMeasured(readPlacedText(this.path, 'the consents file'), 'consents.json'));
      for (const r of file.consents) {
        const ok = ConsentRecord.safeParse({ ...(r as object), persistent: true });
        if (ok.success) this.records.push({ ...ok.data, persistent: true });
      }
    } catch (e) {
      this.problems.push(
        `${this.path} could not be read (${(e as Error).message}); every command line will be confirmed again`,
      );
    }
  }

  /** Sets the surface used to ask (the host decides: dialog, terminal, none). */
  setProvider(p: ConsentProvider | null): void {
    this.provider = p;
  }

  get where(): string | null {
    return this.provider?.where ?? null;
  }

  list(): ConsentRecord[] {
    return this.records.map((r) => ({ ...r }));
  }

  /** The consent of this kind for exactly this server identity, if any. */
  find(kind: ConsentKind, serverId: string, identity: string): ConsentRecord | undefined {
    return this.records.find((r) => r.kind === kind && r.serverId === serverId && r.identity === identity);
  }

  /** What the core is waiting for on a server, if anything. */
  pending(serverId: string): PendingConsent | undefined {
    for (const [k, a] of this.asking) if (k.startsWith(serverId + '\u0000')) return a.pending;
    return undefined;
  }

  /** Records a consent (replacing an earlier one of the same kind for the server). */
  record(r: ConsentRecord): ConsentRecord {
    this.records = this.records.filter((x) => !(x.kind === r.kind && x.serverId === r.serverId));
    this.records.push(r);
    if (r.persistent) this.save();
    this.changed();
    return r;
  }

  /** Forgets a server's consents of a kind (or all kinds). Returns what was removed. */
  revoke(serverId: string, kind?: ConsentKind): ConsentRecord[] {
    const gone = this.records.filter((r) => r.serverId === serverId && (kind === undefined || r.kind === kind));
    if (gone.length === 0) return [];
    this.records = this.records.filter((r) => !gone.includes(r));
    if (gone.some((r) => r.persistent)) this.save();
    this.changed();
    return gone;
  }

  /**
   * Asks the person once (a second ask for the same server and kind joins the first). Resolves with
   * the recorded consent, or null when refused or when no surface can ask.
   */
  async ask(
    q: ConsentQuestion & { kind: ConsentKind },
    onPending: () => void,
  ): Promise<{ record: ConsentRecord | null; why?: string }> {
    const provider = this.provider;
    if (!provider)
      return {
        record: null,
        why: 'no surface to confirm it here: add the server to a config file given with --config, or use the desktop app',
      };
    const key = `${q.serverId}\u0000${q.kind}`;
    let a = this.asking.get(key);
    if (!a) {
      const answer = provider.ask(q).catch(() => 'unavailable' as const);
      a = { pending: { kind: q.kind, where: provider.where, requestedAt: new Date().toISOString() }, answer };
      this.asking.set(key, a);
      onPending();
      void answer.finally(() => this.asking.delete(key));
    }
    const answer = await a.answer;
    if (answer === 'unavailable') return { record: null, why: `nobody could be asked at ${provider.where}` };
    if (!answer) return { record: null, why: `refused at ${provider.where}` };
    return {
      record: this.record({
        kind: q.kind,
        serverId: q.serverId,
        identity: q.identity,
        launch: q.launch,
        trust: q.trust,
        via: provider.via,
        grantedAt: new Date().toISOString(),
        persistent: true,
      }),
    };
  }

  /** Asks the person a question that records no consent (a settings raise): allowed, or why not. */
  async confirm(q: ConsentQuestion): Promise<{ ok: boolean; why?: string }> {
    const provider = this.provider;
    if (!provider)
      return { ok: false, why: 'no surface to confirm it here: use the desktop app, or serve on a terminal' };
    const answer = await provider.ask(q).catch(() => 'unavailable' as const);
    if (answer === 'unavailable') return { ok: false, why: `nobody could be asked at ${provider.where}` };
    return answer ? { ok: true } : { ok: false, why: `refused at ${provider.where}` };
  }

  private save(): void {
    const persistent = this.records.filter((r) => r.persistent).map(({ persistent: _p, ...r }) => r);
    writeFileAtomic(this.path, JSON.stringify({ consents: persistent }, null, 2) + '\n');
  }
}
