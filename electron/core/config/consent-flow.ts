import type { ConsentKind, ConsentRecord } from '../../../shared/schemas/consent.js';
import type { ServerConfig, ServerSettings } from '../../../shared/schemas/server.js';
import type { AuditFields } from '../audit/index.js';
import type { ConsentQuestion, ConsentStore } from './consents.js';
import { serverIdentity } from './server-identity.js';
import type { ServerEntry, ServerStore } from './server-store.js';

/** What the consent flow needs of the core around it. */
export interface ConsentFlowDeps {
  store: ServerStore;
  consents: ConsentStore;
  record(fields: AuditFields): void;
  announce(id: string): void;
  retrust(id: string): void;
  disconnect(id: string): Promise<unknown>;
}

/**
 * Asking a person (on a surface the page cannot drive) before a command line runs or a server is
 * trusted, and keeping trust within what was confirmed for the server's current identity.
 */
export class ConsentFlow {
  /** Why the last consent asked for a server was not given. */
  private errors = new Map<string, string>();

  constructor(private readonly deps: ConsentFlowDeps) {}

  /**
   * SECURITY: trust saved without a person's confirmation for the server's current identity (a
   * hand-edited servers.json, a changed command line) is not honoured; each such server is named
   * among the store's problems.
   */
  dropUnconfirmedTrust(): void {
    const { store } = this.deps;
    for (const e of store.list()) {
      const allowed = this.allowed(e.id, e.config, e.settings);
      if (allowed.trusted !== e.settings.trusted || allowed.autoApproveReadOnly !== e.settings.autoApproveReadOnly) {
        store.put({ ...e, settings: allowed });
        store.problems.push(
          `server ${JSON.stringify(e.id)} was marked trusted without a confirmation for its current command line or URL; trust it again to confirm`,
        );
      }
    }
  }

  /** Why the last question about a server went unanswered or was refused, if it was. */
  error(id: string): string | undefined {
    return this.errors.get(id);
  }

  clearError(id: string): void {
    this.errors.delete(id);
  }

  /**
   * Trust and auto-approval as far as a person confirmed them for this server identity; lowering never needs a
   * confirmation.
   */
  allowed(id: string, config: ServerConfig, want: ServerSettings): ServerSettings {
    const rec = this.deps.consents.find('trust', id, serverIdentity(config));
    const trusted = want.trusted && (rec?.trust?.trusted ?? false);
    const autoApproveReadOnly = want.autoApproveReadOnly && trusted && (rec?.trust?.autoApproveReadOnly ?? false);
    return { ...want, trusted, autoApproveReadOnly };
  }

  /** The user lowered trust: the consent shrinks with it, so raising it again asks again. */
  lowered(id: string, e: ServerEntry): void {
    const { consents } = this.deps;
    const rec = consents.find('trust', id, e.identity);
    if (!rec?.trust) return;
    if (!e.settings.trusted) consents.revoke(id, 'trust');
    else if (rec.trust.autoApproveReadOnly && !e.settings.autoApproveReadOnly)
      consents.record({ ...rec, trust: { trusted: true, autoApproveReadOnly: false } });
  }

  /** Asks a person to confirm trust the page asked for; applies it when confirmed. */
  async askTrustIfRaised(id: string, want: ServerSettings): Promise<void> {
    const { store } = this.deps;
    const e = store.get(id);
    if (!e) return;
    // Auto-approval means something only on a trusted server.
    const raise =
      want.trusted && (!e.settings.trusted || (want.autoApproveReadOnly && !e.settings.autoApproveReadOnly));
    if (!raise) return;
    const identity = e.identity;
    const trust = { trusted: want.trusted, autoApproveReadOnly: want.autoApproveReadOnly && want.trusted };
    const ok = await this.obtain({ kind: 'trust', serverId: id, identity, trust });
    const now = store.get(id);
    if (!ok || !now || now.identity !== identity) return;
    store.put({ ...now, settings: this.allowed(id, now.config, { ...now.settings, ...trust }) });
    this.deps.retrust(id);
    this.deps.announce(id);
  }

  /** Asks on the consent surface, auditing the question and the answer; true when a person agreed. */
  async obtain(q: ConsentQuestion & { kind: ConsentKind }): Promise<boolean> {
    const { consents, record } = this.deps;
    this.errors.delete(q.serverId);
    record({
      kind: 'consent-requested',
      serverId: q.serverId,
      serverIdentity: q.identity,
      reason: `${q.kind} consent requested`,
      detail: { launch: q.launch, trust: q.trust, where: consents.where },
    });
    const { record: given, why } = await consents.ask(q, () => this.deps.announce(q.serverId));
    if (given) {
      record({
        kind: 'consent-granted',
        serverId: q.serverId,
        serverIdentity: q.identity,
        reason: `${q.kind} consent granted`,
        detail: { via: given.via },
      });
      return true;
    }
    const what = q.kind === 'launch' ? 'launching this command line' : 'trusting this server';
    this.errors.set(q.serverId, `${what} was not confirmed: ${why}`);
    record({
      kind: 'consent-refused',
      serverId: q.serverId,
      serverIdentity: q.identity,
      reason: `${q.kind} consent not given: ${why}`,
    });
    this.deps.announce(q.serverId);
    return false;
  }

  /** Forgets a server's consents: a revoked launch disconnects it, a revoked trust drops trust and auto-approval. */
  async revoke(serverId: string, kind?: ConsentKind): Promise<ConsentRecord[]> {
    const { store, consents } = this.deps;
    const gone = consents.revoke(serverId, kind);
    for (const r of gone)
      this.deps.record({
        kind: 'consent-revoked',
        serverId,
        serverIdentity: r.identity,
        reason: `${r.kind} consent revoked`,
        detail: { via: r.via },
      });
    const e = store.get(serverId);
    if (e && gone.some((r) => r.kind === 'trust') && (e.settings.trusted || e.settings.autoApproveReadOnly)) {
      store.put({ ...e, settings: { ...e.settings, trusted: false, autoApproveReadOnly: false } });
      this.deps.retrust(serverId);
    }
    if (e && gone.some((r) => r.kind === 'launch') && e.config.type === 'stdio') await this.deps.disconnect(serverId);
    if (e) this.deps.announce(serverId);
    return gone;
  }
}
