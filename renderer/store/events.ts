import type { EventName, EventPayload } from '../../shared/contract';
import type { ShownTool } from '../../shared/schemas/tool';
import type { ConsoleApi, LinkDown } from '../api/client';
import {
  catalogChanged,
  catalogListing,
  heldLoaded,
  setToolsSource,
  showListings,
  toolsOf,
  type ToolsSource,
} from './catalog-feed';
import { viewViolated } from '../features/apps/violations';
import { filesChanged, runUpdated } from '../features/collections/collections-store';
import { policyChanged } from '../features/agents/policy-store';
import { shippingChanged } from '../features/settings/shipping-store';
import { recordingChanged } from '../features/trace/recording-store';
import { useConsole, type ConsoleState } from './store';

/**
 * What the page does with each event of the contract: one entry per event, typed from the contract.
 * The type is exhaustive: a new event in shared/contract.ts that nothing here handles fails the
 * typecheck.
 */
export type EventHandlers = { readonly [E in EventName]: (payload: EventPayload<E>, st: ConsoleState) => void };

export const eventHandlers: EventHandlers = {
  'server.status': (v, st) => st.serverStatusChanged(v),
  'server.removed': ({ serverId }, st) => st.serverRemoved(serverId),
  'server.stderr': ({ serverId, lines }, st) => st.stderrAppended(serverId, lines),
  'catalog.changed': (p, st) => catalogChanged(p, st),
  'catalog.listing': (p, st) => catalogListing(p, st),
  'approval.requested': (a, st) => st.approvalRequested(a),
  'approval.resolved': (a, st) => st.approvalResolved(a),
  'approval.voted': (a, st) => st.approvalVoted(a),
  'call.updated': (c, st) => st.callUpdated(c),
  'call.progress': (p, st) => st.callProgress(p),
  'resource.updated': (p, st) => st.resourceUpdated(p),
  'list.changed': (p, st) => st.listChanged(p),
  'elicitation.requested': (q, st) => st.elicitationRequested(q),
  'elicitation.resolved': (q, st) => st.elicitationResolved(q),
  'audit.appended': (e, st) => st.auditAppended(e),
  'consents.changed': ({ consents }, st) => st.consentsChanged(consents),
  'agents.changed': ({ agents }, st) => st.agentsChanged(agents),
  'grants.changed': ({ grants }, st) => st.grantsChanged(grants),
  'pins.changed': (p, st) => st.pinsChanged(p),
  'review.updated': (p, st) => st.reviewUpdated(p),
  'auth.prompt': (p, st) => st.signInRequested(p),
  'auth.promptClosed': ({ id }, st) => st.signInClosed(id),
  'auth.updated': (v, st) => st.authUpdated(v),
  'app.violation': (v) => viewViolated(v),
  'collection.run': (r) => runUpdated(r),
  'collections.changed': ({ files }) => filesChanged(files),
  'policy.changed': (v) => policyChanged(v),
  'audit.shippingChanged': (v) => shippingChanged(v),
  'trace.recording': (v) => recordingChanged(v),
};

/**
 * Hands one event to its handler (an unknown name, from an older or newer core, is ignored). The
 * tools of a listing under way that wait to be shown are shown before any other event, so the store
 * sees every event in the order the core sent it (a server removed after its listing stays removed).
 */
export function handleEvent<E extends EventName>(
  name: E,
  payload: EventPayload<E>,
  st: ConsoleState = useConsole.getState(),
): void {
  if (!Object.prototype.hasOwnProperty.call(eventHandlers, name)) return;
  if (name !== 'catalog.listing') showListings();
  const handler: EventHandlers[E] = eventHandlers[name];
  handler(payload, st);
}

/** A list the person's roles may not read (a team service refuses it): nothing, rather than no page at all. */
const orNone = <T>(asked: Promise<T[]>): Promise<T[]> =>
  asked.catch((e: Error & { code?: string }) => {
    if (e.code === 'forbidden') return [];
    throw e;
  });

/** The events whose state a snapshot loads whole (each handler keyed by id: applying one twice is applying it once). */
const REPLACED: ReadonlySet<EventName> = new Set<EventName>([
  'server.status',
  'server.removed',
  'approval.requested',
  'approval.resolved',
  'approval.voted',
  'call.updated',
  'elicitation.requested',
  'elicitation.resolved',
  'consents.changed',
  'agents.changed',
  'grants.changed',
  'auth.prompt',
  'auth.promptClosed',
]);

/** Wires the contract's events to the store's actions, in one place, and reloads the state on every (re)connection. */
export function wireEvents(api: ConsoleApi): () => void {
  const st = useConsole.getState();
  const ask: ToolsSource = (serverId, offset, limit) => api.request('tools.list', { serverId, offset, limit });
  setToolsSource(ask);
  // Events of the state a snapshot replaces, seen while it loads: applied live, and again once it is in, since each of
  // the snapshot's lists was read at its own moment and may be older than them (a server that connected while the
  // tools were listed stayed "connecting"; an approval decided meanwhile came back as pending).
  let during: [EventName, unknown][] | undefined;
  const offEvents = api.onEvent((name, payload) => {
    handleEvent(name, payload, st);
    if (during && REPLACED.has(name)) during.push([name, payload]);
  });
  const snapshot = async (up: boolean, down?: LinkDown): Promise<void> => {
    if (!up) return st.onlineChanged(false, down);
    const seen: [EventName, unknown][] = [];
    during = seen;
    try {
      await load();
      for (const [name, payload] of seen) handleEvent(name, payload as EventPayload<EventName>, st);
    } finally {
      if (during === seen) during = undefined;
    }
  };
  const load = async (): Promise<void> => {
    const [servers, approvals, calls, consents, elicitations, agents, grants, signIns] = await Promise.all([
      api.request('servers.list', {}),
      api.request('approvals.pending', {}),
      api.request('calls.list', {}),
      orNone(api.request('consents.list', {})),
      api.request('elicitations.list', {}),
      orNone(api.request('agents.list', {})),
      orNone(api.request('grants.list', {})),
      api.request('auth.prompts', {}),
    ]);
    const tools: ShownTool[] = [];
    for (const s of servers) await toolsOf(ask, s.id, tools);
    st.serversLoaded(servers);
    st.toolsLoaded(tools);
    heldLoaded(useConsole.getState().tools);
    st.approvalsLoaded(approvals);
    st.elicitationsLoaded(elicitations);
    st.callsLoaded(calls);
    st.consentsChanged(consents);
    st.agentsChanged(agents);
    st.grantsChanged(grants);
    st.signInsLoaded(signIns);
    st.onlineChanged(true);
  };
  // A connection that drops while the snapshot loads is fine: the next one loads it again.
  const offConn = api.onConnection((up, down) => void snapshot(up, down).catch(() => undefined));
  return () => {
    offEvents();
    offConn();
    setToolsSource(undefined);
  };
}
