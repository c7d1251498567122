import { join } from 'node:path';
import type { AuditTrail } from './audit/index.js';
import { AcceptedTools, AgentGateway, ToolAcceptance } from './agents/index.js';
import type { PolicyStore } from './approvals/index.js';
import type { CallManager, SchemaValidator } from './calls/index.js';
import type { Catalog, PromptLists, ResourceLists } from './catalog/index.js';
import type { ServerStore } from './config/index.js';
import { ReviewService, type ReviewDeps } from './review/index.js';
import type { Connections } from './servers/index.js';
import type { EventBus } from './support/index.js';

/** The parts of the core the trust layer reads. */
export interface TrustParts {
  dataDir: string;
  bus: EventBus;
  trail: AuditTrail;
  store: ServerStore;
  connections: Connections;
  catalog: Catalog;
  calls: CallManager;
  policies: PolicyStore;
  validator: SchemaValidator;
  prompts: PromptLists;
  resources: ResourceLists;
  review?: Pick<ReviewDeps, 'worker' | 'budgetMs' | 'heapMb'>;
}

/**
 * Puts the trust layer together: the pins (each tool's accepted definition per server identity),
 * the approval gateway that shows agents only pinned definitions, and the security review that
 * compares with them. A change to the pins reaches both.
 */
export function wireTrust(p: TrustParts): { pins: ToolAcceptance; agents: AgentGateway; review: ReviewService } {
  const connected = (id: string) => (p.connections.view(id).status === 'connected' ? p.store.get(id)?.identity : undefined);
  const audit = (f: Parameters<AuditTrail['record']>[0]) => void p.trail.record(f);
  const pins = new ToolAcceptance(new AcceptedTools(join(p.dataDir, 'gateway')), {
    connected,
    tools: (id) => p.catalog.tools(id),
    raw: (id, name) => p.catalog.raw(id, name),
    audit,
    changed: (id) => (agents.pinsChanged(), review.pinsMayHaveChanged(id)),
  });
  const agents = new AgentGateway({
    dataDir: p.dataDir,
    policies: p.policies,
    bus: p.bus,
    audit,
    connected,
    connect: (id) => (p.store.get(id) ? p.connections.connect(id) : Promise.resolve()),
    status: (id) => (p.store.get(id) ? p.connections.view(id).status : undefined),
    tools: (id) => p.catalog.tools(id),
    raw: (id, name) => p.catalog.raw(id, name),
    request: (id, tool, args, by) => p.calls.request(id, tool, args, by),
    wait: (callId) => p.calls.wait(callId),
    cancel: (callId, by) => p.calls.cancel(callId, by),
    pins,
  });
  const review = new ReviewService({
    dataDir: p.dataDir,
    serverIds: () => p.store.list().map((e) => e.id),
    view: (id) => p.connections.view(id),
    rawTools: (id) => p.catalog.rawTools(id),
    tools: (id) => p.catalog.tools(id),
    prompts: (id) => p.prompts.list(id),
    resources: (id) => p.resources.list(id),
    knownPrompts: (id) => p.prompts.known(id),
    knownResources: (id) => p.resources.known(id),
    calls: () => p.calls.list(),
    metaProblems: (schema) => p.validator.metaProblems(schema),
    unsettledPins: (id) => pins.unsettledInSteps(id),
    takePins: (id) => void pins.unsettled(id),
    pinned: (id) => pins.pinned(id),
    importPins: (id, defs) => pins.importPins(id, defs),
    pinsChanged: (serverId, unsettled) => p.bus.emit('pins.changed', { serverId, unsettled: unsettled.map(({ tool, state }) => ({ tool, state })) }),
    reviewed: (summary) => p.bus.emit('review.updated', summary),
    audit,
    ...p.review,
  });
  return { pins, agents, review };
}
