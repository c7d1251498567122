import type { Person } from '../../../shared/schemas/person.js';
import type { AuditFields, AuditTrail, CheckpointSigner } from '../audit/index.js';
import type { EventBus } from '../support/index.js';
import { SharedQueue, type LocalApprovals } from './shared-queue.js';
import { TeamChain } from './team-chain.js';
import { SharedAgents } from './shared-agents.js';
import type { AgentStore } from '../agents/index.js';
import type { TeamStore } from './team-store.js';

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

  constructor(
    private readonly d: {
      trail: AuditTrail;
      bus: EventBus;
      audit: { signer?: CheckpointSigner };
      calls: Omit<LocalApprovals, 'record'>;
      agents: { store: Pick<AgentStore, 'stored' | 'replace' | 'follow'> };
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
    await this.shared?.idle();
    this.shared?.close();
  }

  /** The console's own log is closed: the chain takes what is left of it, then stops. */
  async logClosed(): Promise<void> {
    await this.chain?.idle();
    this.chain?.close();
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
    const chain = new TeamChain(store, this.d.audit.signer, log);
    this.chain = chain;
    chain.pause();
    trail.mirrorTo(chain);
    const started = new Date(Date.now() - process.uptime() * 1000).toISOString();
    await chain.catchUp(trail.query({ limit: 10_000 }), started);
  }
}
