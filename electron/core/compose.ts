import { join } from 'node:path';
import { type AuditLog, type AuditShipping, type AuditTrail, argsKeeper } from './audit/index.js';
import { CallHistory, CallManager, type SchemaValidator } from './calls/index.js';
import {
  type Catalog,
  CatalogSync,
  IconFetcher,
  ListWatch,
  PromptLists,
  ResourceLists,
  ResourceSubscriptions,
  type ServerLookup,
} from './catalog/index.js';
import { ConsentFlow, type ConsentStore, type ServerStore } from './config/index.js';
import { checkProblems, Elicitations } from './elicitations/index.js';
import { Connections } from './servers/index.js';
import { RecordingDesk, type TraceLog } from './trace/index.js';
import { ServerAdmin } from './admin/index.js';
import { type LogBook } from './logs/index.js';
import { type PolicyStore } from './approvals/index.js';
import type { OrgPolicy } from './policy/index.js';
import { recordParts, type Records } from './record-parts.js';
import { type AgentGateway, type ToolAcceptance } from './agents/index.js';
import { type ReviewService } from './review/index.js';
import type { CoreOptions } from './core-options.js';
import type { AuthService } from './auth/index.js';
import { AppViews, ViewPins } from './apps/index.js';
import { CollectionFiles, CollectionRuns, Collections, re2Test, type RunGrants } from './collections/index.js';
import { type EventBus, Port } from './support/index.js';
import { trustParts } from './trust-parts.js';
import type { TeamSide } from './team/index.js';

/**
 * Every part of the core, built once by composeCore. The facade and the request tables read these; nothing else holds
 * them.
 */
export interface CoreParts {
  bus: EventBus;
  store: ServerStore;
  consents: ConsentStore;
  consent: ConsentFlow;
  catalog: Catalog;
  audit: AuditLog;
  /** Why the audit log's checkpoints are not signed, when they are not (its key could not be opened). */
  signingProblem?: string;
  trail: AuditTrail;
  policies: PolicyStore;
  /** The organisation's policy files, above the person's grants. */
  org: OrgPolicy;
  /** The audit trail shipped to syslog and OpenTelemetry receivers. */
  shipping: AuditShipping;
  validator: SchemaValidator;
  calls: CallManager;
  sync: CatalogSync;
  auth: AuthService;
  connections: Connections;
  elicitations: Elicitations;
  resources: ResourceLists;
  prompts: PromptLists;
  subscriptions: ResourceSubscriptions;
  watch: ListWatch;
  admin: ServerAdmin;
  /** Each server's protocol trace: every message both ways, bounded. */
  trace: TraceLog;
  /** The console's own recording of the trace and the decisions (the Trace tab, `serve --record`). */
  recordings: RecordingDesk;
  /** Each server's log messages, stderr and the console's notes about it. */
  logs: LogBook;
  /** Each tool's pinned definition per server identity: what agents see and what the review compares with. */
  pins: ToolAcceptance;
  /** The approval gateway: agents, what each sees, and their calls through the gate. */
  agents: AgentGateway;
  /** The security review of connected servers, and the baseline of accepted findings. */
  review: ReviewService;
  /** A connected server's entry and client, for the lists and completions. */
  server: ServerLookup;
  /** MCP Apps: the views opened, on their own origin, their calls through the gate. */
  apps: AppViews;
  /** The gate's grants for collection runs whose scope was approved. */
  grants: RunGrants;
  /** Collections: files in the chosen folders, their runs, calls recorded into them. */
  collections: Collections;
  /** What a team service's host uses (made when first asked for): on a shared store, its queue and audit chain. */
  team?: TeamSide;
}

/** The parts reached by parts built before them: through ports, bound as each is built. */
interface Ports {
  connections: Port<Connections>;
  elicitations: Port<Elicitations>;
  sync: Port<CatalogSync>;
  admin: Port<ServerAdmin>;
  agents: Port<AgentGateway>;
  review: Port<ReviewService>;
}

/**
 * The composition root: builds every part of the core in dependency order. The one run-time cycle
 * (a connection feeds the catalog, the calls, the questions and the review; they reach back to it)
 * and the two mutual pairs inside it (calls and catalog sync, pins and the agents and review that
 * follow them) are closed by ports, bound as their parts are built; nothing is declared below its use.
 */
export function composeCore(opts: CoreOptions): CoreParts {
  const ports: Ports = {
    connections: new Port('the connections'),
    elicitations: new Port('the elicitations'),
    sync: new Port('the catalog sync'),
    admin: new Port('the server admin'),
    agents: new Port('the agent gateway'),
    review: new Port('the review'),
  };
  const records = recordParts(opts);
  const serving = servingParts(opts, records, ports);
  const apps = new AppViews({
    ...records,
    ...serving,
    identity: (id) => records.store.get(id)?.identity,
    pins: new ViewPins(join(opts.dataDir, 'apps')),
    allowed: (id) => records.store.get(id)?.settings.viewPermissions ?? [],
  });
  const connections = ports.connections.bind(
    connectionsOf(records, serving, () => apps.shown(), opts.fixedRoots === true),
  );
  const admin = ports.admin.bind(
    new ServerAdmin({
      ...records,
      ...serving,
      connections,
      internalError: (what, e) => records.trail.internalError(what, e),
      forgetSession: (id) => records.auth.forget(id),
    }),
  );
  const trust = trustParts(
    { ...records, ...serving, connections, apps, dataDir: opts.dataDir, review: opts.review },
    ports,
  );
  ports.review.bind(trust.review);
  const collections = collectionsOf(opts, { ...records, ...serving, connections });
  const recordings = new RecordingDesk({
    dataDir: opts.dataDir,
    trace: records.trace,
    bus: records.bus,
    servers: () => records.store.list().map((e) => connections.view(e.id)),
  });
  return { ...records, ...serving, connections, admin, ...trust, apps, collections, recordings };
}

/** What serves a connected server: consent, calls, catalog sync, questions, lists and subscriptions. */
function servingParts(opts: CoreOptions, r: Records, ports: Ports) {
  const { store, trail, bus, catalog, validator } = r;
  const link = ports.connections;
  const consent = new ConsentFlow({
    store,
    consents: r.consents,
    record: (f) => trail.record(f),
    announce: (id) => void link.it.announce(id),
    retrust: (id) => ports.admin.it.retrust(id),
    disconnect: (id) => link.it.disconnect(id),
  });
  const calls = new CallManager({
    server: (id) => link.it.facts(id),
    catalog,
    trail,
    validator,
    bus,
    approvalTimeoutMs: () => store.settings.approvalTimeoutMs,
    limits: () => store.settings,
    keepArgs: argsKeeper(opts.dataDir, () => store.settings.keepLargeArgs, trail),
    maxRetainedResultBytes: () => store.settings.maxRetainedResultBytes,
    catalogSettling: (id) => ports.sync.it.settling(id),
    answerInput: (id, method, params, signal) => link.it.answerInput(id, method, params, signal),
    policies: r.policies,
    org: r.org,
    ended: (callId) => ports.elicitations.it.callEnded(callId),
    history: new CallHistory(opts.dataDir),
    runGrant: (by, id, tool, argsHash) => r.grants.take(by, id, tool, argsHash),
    resultScanMode: () => r.org?.resultScan() ?? store.settings.resultScan,
  });
  const sync = ports.sync.bind(
    new CatalogSync({
      store,
      catalog,
      trail,
      bus,
      icons: opts.icons ?? new IconFetcher(),
      client: (id) => link.it.client(id),
      headerRules: (id) => link.it.modernHttp(id),
      changed: (change) => (
        calls.catalogChanged(change),
        ports.review.it.pinsMayHaveChanged(change.serverId),
        ports.review.it.schedule()
      ),
      announce: (id) => void link.it.announce(id),
    }),
  );
  const elicitations = ports.elicitations.bind(
    new Elicitations({
      trail,
      bus,
      check: (schema, content) => checkProblems(validator, schema, content),
      server: (id) => link.it.facts(id),
      running: (id) => calls.running(id),
    }),
  );
  const server: ServerLookup = (id) => {
    const entry = store.get(id);
    return entry && { entry, client: link.it.client(id) };
  };
  const resources = new ResourceLists({
    server,
    trail,
    seenDir: r.seenDir,
    got: (id, uri, res) => ports.review.it.rememberRead(id, uri, res),
  });
  const prompts = new PromptLists({
    server,
    trail,
    got: (id, name, res) => ports.review.it.rememberPrompt(id, name, res),
  });
  const subscriptions = new ResourceSubscriptions({
    server,
    trail,
    bus,
    era: (id) => link.it.view(id).era,
    relisten: (id) => link.it.relisten(id),
  });
  const watch = new ListWatch({ resources, prompts, sync, bus, trail, identity: (id) => store.get(id)?.identity });
  return { consent, sync, calls, elicitations, server, resources, prompts, subscriptions, watch };
}
type Serving = ReturnType<typeof servingParts>;

/** The connections, fed by everything that serves a connected server. */
function connectionsOf(r: Records, s: Serving, showsViews: () => boolean, fixedRoots: boolean): Connections {
  const { elicitations, subscriptions } = s;
  return new Connections({
    auth: (id) => r.auth.session(id),
    store: r.store,
    consents: r.consents,
    consent: s.consent,
    catalog: r.catalog,
    sync: s.sync,
    trail: r.trail,
    bus: r.bus,
    listChanged: (id, kind) => s.watch.changed(id, kind),
    resourceUpdated: (id, uri) => subscriptions.updated(id, uri),
    watched: (id) => subscriptions.list(id),
    elicit: (id, params, signal) => elicitations.ask(id, params, signal),
    sample: (id, params, signal) => elicitations.sample(id, params, signal),
    elicitationComplete: (id, elicitationId) => elicitations.completed(id, elicitationId) !== undefined,
    ended: (id, reason) => (elicitations.dropServer(id, reason), subscriptions.drop(id)),
    trace: (id, rec) => r.trace.record(id, rec),
    logs: r.logs,
    showsViews,
    fixedRoots,
  });
}

/** Collections over the calls, reads and catalog: their steps are calls like any other, through the gate. */
function collectionsOf(opts: CoreOptions, p: Records & Serving & { connections: Connections }): Collections {
  const runs = new CollectionRuns({
    grants: p.grants,
    trail: p.trail,
    bus: p.bus,
    approvalTimeoutMs: () => p.store.settings.approvalTimeoutMs,
    cancelCall: (id) => void p.calls.cancel(id, { decidedBy: 'user', reason: 'its collection run was cancelled' }),
    reach: async (id) => {
      if (!p.store.get(id)) return `no server ${JSON.stringify(id)} is configured`;
      if (p.connections.connected(id)) return null;
      const v = await p.connections.connect(id);
      return v.status === 'connected' ? null : (v.error ?? v.status);
    },
    steps: {
      call: (id, tool, args, by, asked) => {
        const r = p.calls.request(id, tool, args, by);
        asked?.(r.id);
        return p.calls.wait(r.id);
      },
      read: (id, uri, by) => p.resources.read(id, uri, by),
      prompt: (id, name, args, by) => p.prompts.get(id, name, args, by),
      catalog: (id) => Object.fromEntries(p.catalog.rawTools(id).map((t) => [t.name, t])),
      test: re2Test,
      env: opts.env ?? process.env,
    },
  });
  return new Collections({
    files: new CollectionFiles(opts.dataDir),
    runs,
    trail: p.trail,
    bus: p.bus,
    call: (id) => p.calls.get(id),
  });
}

/**
 * Loads saved servers, settings, consents, grants, the baseline and opens the audit log. Problems are recorded and
 * returned, not thrown.
 */
export function startParts(p: CoreParts): string[] {
  p.store.load();
  p.consents.load();
  p.audit.open();
  p.consent.dropUnconfirmedTrust();
  p.policies.load();
  const policyProblems = p.org.load();
  p.shipping.configure();
  p.org.watch();
  p.review.baseline.load();
  const found = [
    ...p.store.problems,
    ...p.consents.problems,
    p.policies.problem,
    ...policyProblems,
    ...p.shipping.startProblems(),
    p.review.baseline.problem,
    p.auth.problem,
    p.agents.store.problem,
    p.signingProblem,
    p.calls.historyProblem(),
  ];
  const problems = found.filter((x): x is string => !!x);
  for (const x of problems) p.trail.record({ kind: 'config', reason: x });
  return p.audit.warning ? [...problems, p.audit.warning] : problems;
}

/**
 * Ends every open call, the agents and the review, disconnects every server, then closes the audit log and waits for
 * what it and the pins still write.
 */
export async function closeParts(p: CoreParts): Promise<void> {
  // First, while the servers are still as they were: the recording's last lines describe them.
  await p.recordings.close();
  p.collections.runs.stop();
  p.org.close();
  p.shipping.stop();
  p.calls.stop();
  await p.team?.callsStopped();
  p.agents.close();
  await p.apps.stop();
  p.review.stop();
  await p.connections.closeAll();
  p.catalog.flushLastSeen();
  p.audit.close();
  await Promise.all([p.audit.idle(), p.pins.idle()]);
  await p.team?.logClosed();
}
