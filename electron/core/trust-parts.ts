import { join } from 'node:path';
import { type AuditTrail } from './audit/index.js';
import { type CallManager, type SchemaValidator } from './calls/index.js';
import { type Catalog, type PromptLists, type ResourceLists } from './catalog/index.js';
import { type ServerStore } from './config/index.js';
import { type Connections } from './servers/index.js';
import { type PolicyStore } from './approvals/index.js';
import { AcceptedTools, AgentGateway, ToolAcceptance } from './agents/index.js';
import { ReviewService, type ReviewDeps } from './review/index.js';
import { type AppViews } from './apps/index.js';
import { type EventBus, type Port } from './support/index.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';

/** The ports the trust layer binds: the agents and the review, which the pins follow. */
interface TrustPorts {
  agents: Port<AgentGateway>;
  review: Port<ReviewService>;
}

/** The parts of the core the trust layer reads. */
interface TrustParts {
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
  apps: AppViews;
  review?: Pick<ReviewDeps, 'worker' | 'budgetMs' | 'heapMb'>;
}

/**
 * Puts the trust layer together: the pins (each tool's accepted definition per server identity),
 * the approval gateway that shows agents only pinned definitions, and the security review that
 * compares with them. A change to the pins reaches both.
 */
export function trustParts(
  p: TrustParts,
  ports: TrustPorts,
): { pins: ToolAcceptance; agents: AgentGateway; review: ReviewService } {
  const connected = (id: string) =>
    p.connections.view(id).status === 'connected' ? p.store.get(id)?.identity : undefined;
  const audit = (f: Parameters<AuditTrail['record']>[0]) => void p.trail.record(f);
  const pins = new ToolAcceptance(new AcceptedTools(join(p.dataDir, 'gateway')), {
    connected,
    tools: (id) => p.catalog.tools(id),
    tool: (id, name) => p.catalog.get(id, name),
    raw: (id, name) => p.catalog.raw(id, name),
    audit,
    changed: (id) => (ports.agents.it.pinsChanged(), ports.review.it.pinsMayHaveChanged(id)),
  });
  const agents = ports.agents.bind(
    new AgentGateway({
      dataDir: p.dataDir,
      policies: p.policies,
      bus: p.bus,
      audit,
      connected,
      connect: (id) => (p.store.get(id) ? p.connections.connect(id) : Promise.resolve()),
      status: (id) => (p.store.get(id) ? p.connections.view(id).status : undefined),
      attempt: (id) => p.connections.attempt(id),
      tools: (id) => p.catalog.tools(id),
      raw: (id, name) => p.catalog.raw(id, name),
      calls: p.calls,
      pins,
      read: (id, uri, requester) => p.resources.read(id, uri, requester),
    }),
  );
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
    readView: (id, uri) => p.resources.read(id, uri, CONSOLE_USER),
    viewPin: (id, uri, html) => p.apps.pinState(id, uri, html),
    metaProblems: (schema) => p.validator.metaProblems(schema),
    unsettledPins: (id) => pins.unsettledInSteps(id),
    takePins: (id) => void pins.unsettled(id),
    pinned: (id) => pins.pinnedDefinitions(id),
    importPins: (id, defs) => pins.importPins(id, defs),
    pinsChanged: (serverId, unsettled) =>
      p.bus.emit('pins.changed', { serverId, unsettled: unsettled.map(({ tool, state }) => ({ tool, state })) }),
    reviewed: (summary) => p.bus.emit('review.updated', summary),
    audit,
    ...p.review,
  });
  return { pins, agents, review };
}
