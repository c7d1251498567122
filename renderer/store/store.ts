import { create } from 'zustand';
import type { EventName, EventPayload } from '../../shared/contract';
import type { ServerView } from '../../shared/schemas/server';
import type { ToolChange, ToolView } from '../../shared/schemas/tool';
import type { Approval, CallRecord } from '../../shared/schemas/call';
import type { AuditEntry } from '../../shared/schemas/audit';
import type { ConsentRecord } from '../../shared/schemas/consent';
import type { ConsoleApi } from '../api/client';
import { warm } from '../features/catalog/search-index';

const STDERR_KEEP = 1000;
/** Calls the page remembers (the core keeps as many). */
const CALLS_KEEP = 500;

/** Marks on tools that a live change touched, until the user looks. */
export interface ToolMarks {
  added: Set<string>;
  changed: Map<string, ToolChange>;
}

export interface ConsoleState {
  online: boolean;
  servers: Record<string, ServerView>;
  serverOrder: string[];
  stderr: Record<string, string[]>;
  tools: Record<string, ToolView[]>;
  marks: Record<string, ToolMarks>;
  approvals: Approval[];
  calls: Record<string, CallRecord>;
  callOrder: string[];
  audit: AuditEntry[];
  /** Command lines and trust a person confirmed (outside the page). */
  consents: ConsentRecord[];
  selected: { serverId: string; name: string } | null;
  filter: string;
  /** Arguments to prefill the form with (call again). */
  prefill: { serverId: string; name: string; args: Record<string, unknown> } | null;

  onlineChanged(up: boolean): void;
  snapshotLoaded(s: { servers: ServerView[]; tools: ToolView[]; approvals: Approval[]; calls: CallRecord[] }): void;
  serverStatusChanged(v: ServerView): void;
  serverRemoved(id: string): void;
  stderrAppended(id: string, lines: string[], replace?: boolean): void;
  catalogChanged(p: EventPayload<'catalog.changed'>): void;
  approvalRequested(a: Approval): void;
  approvalResolved(a: Approval): void;
  callUpdated(c: CallRecord): void;
  callProgress(p: EventPayload<'call.progress'>): void;
  auditLoaded(entries: AuditEntry[]): void;
  auditAppended(e: AuditEntry): void;
  consentsChanged(c: ConsentRecord[]): void;
  toolSelected(sel: { serverId: string; name: string } | null): void;
  filterChanged(f: string): void;
  prefillRequested(p: ConsoleState['prefill']): void;
}

export const useConsole = create<ConsoleState>()((set) => ({
  online: false,
  servers: {},
  serverOrder: [],
  stderr: {},
  tools: {},
  marks: {},
  approvals: [],
  calls: {},
  callOrder: [],
  audit: [],
  consents: [],
  selected: null,
  filter: '',
  prefill: null,

  onlineChanged: (up) => set({ online: up }),
  snapshotLoaded: ({ servers, tools, approvals, calls }) =>
    set(() => {
      const byServer: Record<string, ToolView[]> = {};
      for (const t of tools) (byServer[t.serverId] ??= []).push(t);
      const sorted = [...calls].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
      return {
        servers: Object.fromEntries(servers.map((s) => [s.id, s])),
        serverOrder: servers.map((s) => s.id),
        tools: byServer,
        approvals: approvals.filter((a) => a.status === 'pending'),
        calls: Object.fromEntries(calls.map((c) => [c.id, c])),
        callOrder: sorted.map((c) => c.id),
      };
    }),
  serverStatusChanged: (v) =>
    set((s) => ({ servers: { ...s.servers, [v.id]: v }, serverOrder: s.serverOrder.includes(v.id) ? s.serverOrder : [...s.serverOrder, v.id] })),
  serverRemoved: (id) =>
    set((s) => {
      const { [id]: _gone, ...servers } = s.servers;
      const { [id]: _t, ...tools } = s.tools;
      return { servers, tools, serverOrder: s.serverOrder.filter((x) => x !== id), selected: s.selected?.serverId === id ? null : s.selected };
    }),
  stderrAppended: (id, lines, replace) =>
    set((s) => {
      const all = replace ? lines : [...(s.stderr[id] ?? []), ...lines];
      return { stderr: { ...s.stderr, [id]: all.slice(-STDERR_KEEP) } };
    }),
  catalogChanged: ({ change, tools }) =>
    set((s) => {
      const marks = { ...s.marks };
      if (change.reason === 'list_changed' || change.reason === 'reconnect') {
        const prev = marks[change.serverId] ?? { added: new Set<string>(), changed: new Map<string, ToolChange>() };
        const next: ToolMarks = { added: new Set(prev.added), changed: new Map(prev.changed) };
        change.added.forEach((n) => next.added.add(n));
        change.changed.forEach((c) => next.changed.set(c.name, c));
        marks[change.serverId] = next;
      } else if (change.reason === 'initial' || change.reason === 'disconnect') delete marks[change.serverId];
      return { tools: { ...s.tools, [change.serverId]: tools }, marks };
    }),
  approvalRequested: (a) => set((s) => ({ approvals: [...s.approvals.filter((x) => x.id !== a.id), a] })),
  approvalResolved: (a) => set((s) => ({ approvals: s.approvals.filter((x) => x.id !== a.id) })),
  callUpdated: (c) =>
    set((s) => {
      if (s.callOrder.includes(c.id)) return { calls: { ...s.calls, [c.id]: c } };
      const callOrder = [c.id, ...s.callOrder];
      const calls = { ...s.calls, [c.id]: c };
      for (const old of callOrder.splice(CALLS_KEEP)) delete calls[old];
      return { calls, callOrder };
    }),
  callProgress: ({ callId, progress }) => set((s) => (s.calls[callId] ? { calls: { ...s.calls, [callId]: { ...s.calls[callId], progress } } } : {})),
  auditLoaded: (entries) => set({ audit: entries }),
  auditAppended: (e) => set((s) => ({ audit: [...s.audit, e].slice(-2000) })),
  consentsChanged: (c) => set({ consents: c }),
  toolSelected: (sel) => set({ selected: sel }),
  filterChanged: (f) => set({ filter: f }),
  prefillRequested: (p) => set({ prefill: p }),
}));

/** Tools per snapshot request. */
const SNAPSHOT_PAGE = 1000;

/** Chunked catalog events being put together, per server: the stream they belong to and the tools so far. */
const incoming = new Map<string, { stream: number; tools: ToolView[] }>();

/**
 * Puts a chunked catalog event together: returns the whole event once its last chunk is in (or the
 * event itself when it came whole), and null meanwhile. Chunks of an older stream are dropped.
 */
export function assemble(p: EventPayload<'catalog.changed'>): EventPayload<'catalog.changed'> | null {
  warm(p.tools);
  if (!p.chunk) {
    incoming.delete(p.change.serverId);
    return p;
  }
  const id = p.change.serverId;
  if (p.chunk.index === 0) incoming.set(id, { stream: p.chunk.stream, tools: [] });
  const got = incoming.get(id);
  if (!got || got.stream !== p.chunk.stream) return null;
  for (const t of p.tools) got.tools.push(t);
  if (p.chunk.index < p.chunk.count - 1) return null;
  incoming.delete(id);
  return { change: p.change, tools: got.tools };
}

/** Wires the contract's events to the store's actions, in one place, and reloads the state on every (re)connection. */
export function wireEvents(api: ConsoleApi): () => void {
  const st = useConsole.getState();
  const offEvents = api.onEvent(<E extends EventName>(name: E, payload: EventPayload<E>) => {
    const p = payload as never;
    switch (name) {
      case 'server.status':
        return st.serverStatusChanged(p);
      case 'server.removed':
        return st.serverRemoved((payload as EventPayload<'server.removed'>).serverId);
      case 'server.stderr': {
        const e = payload as EventPayload<'server.stderr'>;
        return st.stderrAppended(e.serverId, e.lines);
      }
      case 'catalog.changed': {
        const whole = assemble(payload as EventPayload<'catalog.changed'>);
        return whole && st.catalogChanged(whole);
      }
      case 'approval.requested':
        return st.approvalRequested(p);
      case 'approval.resolved':
        return st.approvalResolved(p);
      case 'call.updated':
        return st.callUpdated(p);
      case 'call.progress':
        return st.callProgress(p);
      case 'audit.appended':
        return st.auditAppended(p);
      case 'consents.changed':
        return st.consentsChanged((payload as EventPayload<'consents.changed'>).consents);
    }
  });
  const snapshot = async (up: boolean): Promise<void> => {
    if (!up) return st.onlineChanged(false);
    const [servers, approvals, calls, consents] = await Promise.all([
      api.request('servers.list', {}),
      api.request('approvals.pending', {}),
      api.request('calls.list', {}),
      api.request('consents.list', {}),
    ]);
    // Tools in pages, each its own message and task, their search text computed as they come.
    const tools: ToolView[] = [];
    for (const s of servers) {
      for (let offset = 0; ; offset += SNAPSHOT_PAGE) {
        const page = await api.request('tools.list', { serverId: s.id, offset, limit: SNAPSHOT_PAGE });
        warm(page);
        for (const t of page) tools.push(t);
        if (page.length < SNAPSHOT_PAGE) break;
      }
    }
    st.snapshotLoaded({ servers, tools, approvals, calls });
    st.consentsChanged(consents);
    st.onlineChanged(true);
  };
  // A connection that drops while the snapshot loads is fine: the next one loads it again.
  const offConn = api.onConnection((up) => void snapshot(up).catch(() => undefined));
  return () => {
    offEvents();
    offConn();
  };
}
