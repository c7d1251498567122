import type { Person } from '../../../shared/schemas/person.js';
import type { AuditFields, AuditShipping, AuditTrail, CheckpointSigner } from '../audit/index.js';
import type { EventBus } from '../support/index.js';
import { SharedQueue, type LocalApprovals } from './shared-queue.js';
import { TeamChain } from './team-chain.js';
import { SharedAgents } from './shared-agents.js';
import type { AgentStore, ToolAcceptance } from '../agents/index.js';
import type { TeamStore } from './team-store.js';
import type { PolicyStore } from '../approvals/index.js';
import type { ServerStore } from '../config/index.js';
import type { OrgPolicy } from '../policy/index.js';
import { SharedRecords } from './shared-state.js';
import { sharedGrants, sharedSettings } from './shared-kinds.js';
import { SharedPins } from './shared-pins.js';
import { SharedPolicy } from './shared-policy.js';
import { TeamShipping } from './team-shipping.js';

/** What a team service's door records of itself. */
export type TeamNote = 'team-signed-in' | 'team-signed-out' | 'team-sign-in-refused' | 'team-webhook-failed';

/**
 * What the core does for a team service beyond the contract: records what its door did, and joins a shared store
 * (several instances on one PostgreSQL database: one queue, one audit chain).
 */
export class TeamSide {
  /** Once joined: the queue across the instances, and the audit chain they share. */
  shared?: SharedQueue;
  chain?: TeamChain;
  agents?: SharedAgents;
  /** What else every instance keeps alike: grants, settings, pins, the policy in force; and who ships the chain. */
  private alike: Array<{ idle(): Promise<void> }> = [];
  private shipping?: TeamShipping;

  constructor(
    private readonly d: {
      trail: AuditTrail;
      bus: EventBus;
      audit: { signer?: CheckpointSigner };
      calls: Omit<LocalApprovals, 'record'>;
      agents: { store: Pick<AgentStore, 'stored' | 'replace' | 'follow'> };
      policies: PolicyStore;
      store: ServerStore;
      org: OrgPolicy;
      pins: ToolAcceptance;
      shipping: AuditShipping;
    },
  ) {}

  /**
   * Records what the door did: a sign-in, sign-out or refused sign-in (the person as `decider`: who acts from then on;
   * their roles; why a sign-in was refused), a webhook notice given up.
   */
  note(kind: TeamNote, person: Person | undefined, reason: string, detail?: Record<string, unknown>): void {
    const fields: AuditFields = { kind, reason, ...(person && { decider: person }), ...(detail && { detail }) };
    try {
      this.d.trail.record(fields);
    } catch {
      /* the log is closing or failing: the door goes on */
    }
  }

  /** The console stops, its calls ended: what this instance held reaches the store before the queue lets go of it. */
  async callsStopped(): Promise<void> {
    await this.agents?.idle();
    for (const a of this.alike) await a.idle();
    await this.shared?.idle();
    this.shared?.close();
  }

  /** The console's own log is closed: the chain takes what is left of it, then stops. */
  async logClosed(): Promise<void> {
    await this.chain?.idle();
    this.chain?.close();
    await this.shipping?.close();
  }

  /**
   * Joins the team's store: the queue every instance's pages show (decisions applied where each call is held), and the
   * audit chain every instance appends to — this log's entries the chain lacks first, in their order.
   */
  async join(store: TeamStore, log?: (line: string) => void): Promise<void> {
    const { trail } = this.d;
    const shared = new SharedQueue(store, this.d.bus, { ...this.d.calls, record: (f) => trail.record(f) }, log);
    await shared.start();
    this.shared = shared;
    this.agents = new SharedAgents(store, this.d.agents.store, log);
    await this.agents.start();
    await this.shareAlike(store, log);
    const chain = new TeamChain(store, this.d.audit.signer, log);
    this.chain = chain;
    chain.pause();
    trail.mirrorTo(chain);
    const started = new Date(Date.now() - process.uptime() * 1000).toISOString();
    await chain.catchUp(trail.query({ limit: 10_000 }), started);
    this.shipping = new TeamShipping(store, this.d.shipping, log);
    await this.shipping.start();
  }

  /**
   * The standing grants, the settings, the accepted tool definitions and the policy in force, alike on every
   * instance: the store's, and this instance's files following them (the first instance to join brings its own).
   */
  private async shareAlike(store: TeamStore, log: (line: string) => void = () => {}): Promise<void> {
    const { policies, store: servers, org, pins, shipping, trail } = this.d;
    const grants = new SharedRecords(store, sharedGrants(policies, log), log);
    const settings = new SharedRecords(
      store,
      sharedSettings(
        servers,
        (f) => trail.record(f),
        () => shipping.configure(),
        log,
      ),
      log,
    );
    const tools = new SharedPins(
      store,
      {
        kept: pins.store,
        servers: (identity) => servers.list().flatMap((e) => (e.identity === identity ? [e.id] : [])),
        changed: (ids) => pins.changedElsewhere(ids),
      },
      log,
    );
    const policy = new SharedPolicy(store, org, log);
    await grants.start();
    await settings.start();
    await tools.start(servers.list().map((e) => e.identity));
    await policy.start();
    this.alike = [grants, settings, tools, policy];
  }
}
