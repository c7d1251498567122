import { parseInput, requests, type ParsedInput, type Reply, type RequestName, type RequestOutput } from '../../shared/contract.js';
import type { ConsoleCore } from './console-core.js';
import { CoreError, toContractError } from './errors.js';

/** One handler per contract request, typed from the contract. */
export type Handlers = { [N in RequestName]: (input: ParsedInput<N>) => Promise<RequestOutput<N>> | RequestOutput<N> };

/**
 * The core's handler for every request of the contract. Decisions made here are a person's ('user').
 * A shell may replace a handler it serves better itself (the desktop app opens links).
 */
export function makeHandlers(core: ConsoleCore, overrides: Partial<Handlers> = {}): Handlers {
  return {
    ...base(core),
    ...overrides,
  };
}

function base(core: ConsoleCore): Handlers {
  return {
    'servers.list': () => core.listServers(),
    'servers.add': (i) => core.addServer(i.id, i.config, i.settings),
    'servers.update': (i) => core.updateServer(i.serverId, i.config, i.settings),
    'servers.remove': async (i) => (await core.removeServer(i.serverId), { ok: true as const }),
    'servers.import': (i) => core.importServers(i.json),
    'servers.connect': (i) => core.connect(i.serverId),
    'servers.disconnect': (i) => core.disconnect(i.serverId),
    'servers.status': (i) => core.view(i.serverId),
    'servers.stderr': (i) => core.stderr(i.serverId),
    'tools.list': (i) => {
      const all = core.catalog.tools(i.serverId);
      const from = i.offset ?? 0;
      return from === 0 && i.limit === undefined ? all : all.slice(from, i.limit === undefined ? undefined : from + i.limit);
    },
    'tools.get': (i) => {
      const t = core.catalog.get(i.serverId, i.name);
      if (!t) throw new CoreError('unknown-tool', `server ${JSON.stringify(i.serverId)} offers no tool ${JSON.stringify(i.name)}`);
      return t;
    },
    'tools.validate': (i) => core.validateArgs(i.serverId, i.name, i.args),
    'tools.changes': (i) => core.catalog.changes.toArray().filter((c) => i.serverId === undefined || c.serverId === i.serverId),
    'calls.request': (i) => core.calls.request(i.serverId, i.tool, i.args),
    'calls.cancel': (i) => core.calls.cancel(i.callId),
    'calls.list': () => core.calls.list(),
    'calls.get': (i) => core.calls.get(i.callId),
    'calls.wait': (i) => core.calls.wait(i.callId),
    'approvals.pending': () => core.calls.gate.pending(),
    'approvals.decide': (i) => core.calls.decide(i, 'user'),
    'resources.read': (i) => core.readResource(i.serverId, i.uri),
    'links.open': () => {
      // Browser mode: the page itself asks the user and opens the link; the core never opens URLs.
      throw new CoreError('open-in-page', 'open the link from the page');
    },
    'audit.query': (i) => core.audit.query(i),
    'audit.verify': () => core.audit.verify(),
    'consents.list': () => core.listConsents(),
    'consents.revoke': (i) => core.revokeConsent(i.serverId, i.kind),
    'settings.get': () => core.store.settings,
    'settings.update': (i) => core.updateSettings(i),
  };
}

/**
 * Parses a request with the contract's schema, runs its handler, and answers `{ ok, value }` or
 * `{ ok: false, error: { code, message } }`. Every transport goes through here.
 */
export async function dispatch(handlers: Handlers, name: string, input: unknown): Promise<Reply<unknown>> {
  try {
    // SECURITY: unknown names and malformed input stop here, before any core method runs.
    if (!Object.prototype.hasOwnProperty.call(requests, name)) throw new CoreError('unknown-request', `unknown request ${JSON.stringify(name)}`);
    const n = name as RequestName;
    const parsed = parseInput(n, input);
    const handler = handlers[n] as (i: unknown) => unknown;
    return { ok: true, value: await handler(parsed) };
  } catch (e) {
    return { ok: false, error: toContractError(e) };
  }
}
