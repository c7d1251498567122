import { parseInput, requests, type ParsedInput, type Reply, type RequestName, type RequestOutput } from '../../shared/contract/index.js';
import type { ConsoleCore } from './console-core.js';
import type { Requester } from '../../shared/schemas/requester.js';
import { CoreError, toContractError } from './support/index.js';
import { expandTemplate } from './catalog/index.js';
import { CLIENT_INFO } from './servers/index.js';
import { findingPage, reviewOverview } from '../../shared/review/finding-page.js';
import { REPORT_FILES, reportText } from '../../shared/review/export.js';
import { bulkRepin, pinOverview } from './review/index.js';
import { confirmServerSettings, confirmSettings } from './config/index.js';
import { clipMiddle, overLimits } from '../../shared/boundary.js';

/** One handler per contract request, typed from the contract. */
export type Handlers = { [N in RequestName]: (input: ParsedInput<N>) => Promise<RequestOutput<N>> | RequestOutput<N> };

/** Who is on the other end of a front end's requests, and the handlers it serves better itself. */
export interface HandlerOptions {
  /** Recorded on every call asked for through these handlers. */
  requester: Requester;
  /** A shell may replace a handler it serves better itself (the desktop app opens links). */
  overrides?: Partial<Handlers>;
}

/**
 * The core's handler for every request of the contract, for one front end. Decisions made here are
 * a person's ('user'); calls are asked for on behalf of `requester`.
 */
export function makeHandlers(core: ConsoleCore, opts: HandlerOptions): Handlers {
  return {
    ...base(core, opts.requester),
    ...opts.overrides,
  };
}

// eslint-disable-next-line max-lines-per-function -- one table of every request; to move each concern's rows into that concern
function base(core: ConsoleCore, requester: Requester): Handlers {
  return {
    'servers.list': () => core.listServers(),
    'servers.add': (i) => core.addServer(i.id, i.config, i.settings),
    'servers.update': async (i) => {
      if (i.settings) await confirmServerSettings(core.consents, i.serverId, core.view(i.serverId).settings, i.settings);
      return core.updateServer(i.serverId, i.config, i.settings);
    },
    'servers.remove': async (i) => (await core.removeServer(i.serverId), { ok: true as const }),
    'servers.import': (i) => core.importServers(i.json),
    'servers.connect': (i) => core.connect(i.serverId),
    'servers.disconnect': (i) => core.disconnect(i.serverId),
    'servers.status': (i) => core.view(i.serverId),
    'servers.stderr': (i) => core.stderr(i.serverId),
    'tools.list': (i) => core.tools(i.serverId, i.offset, i.limit),
    'tools.get': (i) => core.tool(i.serverId, i.name),
    'tools.validate': (i) => core.validateArgs(i.serverId, i.name, i.args),
    'tools.changes': (i) => core.toolChanges(i.serverId),
    'calls.request': (i) => core.requestCall(i.serverId, i.tool, i.args, requester, { asTask: i.asTask }),
    'calls.cancel': (i) => core.cancelCall(i.callId),
    'calls.list': () => core.listCalls(),
    'calls.get': (i) => core.getCall(i.callId),
    'calls.wait': (i) => core.waitCall(i.callId),
    'approvals.pending': () => core.pendingApprovals(),
    'approvals.decide': (i) => core.decide(i, 'user'),
    'resources.read': (i) => core.readResource(i.serverId, i.uri, requester),
    'resources.list': (i) => core.listResources(i.serverId, { refresh: i.refresh, offset: i.offset, limit: i.limit }),
    'resources.templates': (i) => core.resourceTemplates(i.serverId),
    'lists.facts': (i) => core.lists.facts(i.serverId),
    'resources.expand': (i) => expandTemplate(i.uriTemplate, i.values ?? {}),
    'resources.subscribe': (i) => core.subscriptions.subscribe(i.serverId, i.uri, requester),
    'resources.unsubscribe': (i) => core.subscriptions.unsubscribe(i.serverId, i.uri, requester),
    'prompts.list': (i) => core.prompts.list(i.serverId, i.refresh),
    'prompts.get': (i) => core.prompts.get(i.serverId, i.name, i.arguments ?? {}, requester),
    'elicitations.list': () => core.elicitations.list(),
    'elicitations.answer': (i) => core.elicitations.answer(i, requester),
    'servers.ping': (i) => core.diagnose.ping(i.serverId),
    'servers.doctor': (i) => core.diagnose.doctor(i.serverId),
    'completions.complete': (i) => core.complete(i),
    'logs.list': (i) => (core.view(i.serverId), core.logs.list(i.serverId, i)),
    'logs.setLevel': (i) => core.diagnose.setLogLevel(i.serverId, i.level),
    'trace.list': (i) => (core.view(i.serverId), core.trace.list(i.serverId, i)),
    'trace.get': (i) => {
      core.view(i.serverId);
      const e = core.trace.get(i.serverId, i.seq);
      if (!e) throw new CoreError('not-found', `message #${i.seq} is no longer in ${i.serverId}'s trace (it is bounded: the oldest go first)`);
      return e;
    },
    'trace.export': (i) => (core.view(i.serverId), core.trace.jsonl(i.serverId)),
    'trace.clear': (i) => (core.view(i.serverId), core.trace.clear(i.serverId), { ok: true as const }),
    'links.open': () => {
      // Browser mode: the page itself asks the user and opens the link; the core never opens URLs.
      throw new CoreError('open-in-page', 'open the link from the page');
    },
    'audit.query': (i) => core.queryAudit(i),
    'audit.verify': () => core.verifyAudit(),
    'consents.list': () => core.listConsents(),
    'consents.revoke': (i) => core.revokeConsent(i.serverId, i.kind),
    'settings.get': () => core.settings(),
    'settings.update': async (i) => {
      await confirmSettings(core.consents, core.settings(), i);
      return core.updateSettings(i);
    },
    // A host replaces this with what it found when it started the core.
    'console.problems': () => [],
    'review.run': async (i) => reviewOverview(await core.review.run(i.serverIds)),
    'review.last': () => {
      const r = core.review.lastReport();
      return r ? reviewOverview(r) : null;
    },
    'review.export': (i) => {
      const r = core.review.lastReport();
      return r ? { ...REPORT_FILES[i.format], text: reportText(r, i.format, { version: CLIENT_INFO.version }) } : null;
    },
    'review.findings': (q) => {
      const r = core.review.lastReport();
      return r ? findingPage(r, q) : null;
    },
    'review.text': (i) => ({ text: core.review.text(i.server, i.kind, i.subject, i.path) }),
    'review.accept': (i) => core.review.accept(i.finding, i.reason),
    'review.reopen': (i) => (core.review.baseline.reopen(i), { ok: true as const }),
    'review.baseline': () => core.review.baseline.current(),
    'review.importBaseline': (i) => core.review.baseline.import(i.json),
    'review.pins': (i) => (core.view(i.serverId), pinOverview(i.serverId, core.pins.states(i.serverId))),
    'review.repin': (i) => pinOverview(i.serverId, core.pins.repin(i.serverId, i.tools, i.removed)),
    'review.repinAll': (i) => {
      core.view(i.serverId);
      const pick = bulkRepin(core.pins.states(i.serverId), i.group, i.digest);
      return pinOverview(i.serverId, core.pins.repin(i.serverId, pick.tools, pick.removed));
    },
    'review.exportPins': () =>
      core.review.pinFile(
        core
          .listServers()
          .filter((s) => s.status === 'connected')
          .map((s) => s.id),
      ),
    'review.importPins': (i) => core.review.importPins(i.json),
    'agents.list': () => core.agents.list(),
    'agents.add': (i) => core.agents.add(i.name, i.servers),
    'agents.setServers': (i) => core.agents.setServers(i.name, i.servers),
    'agents.revoke': (i) => core.agents.revoke(i.name),
    'agents.pendingTools': () => core.agents.pending(),
    'agents.acceptTools': (i) => core.agents.accept(i.serverId, i.tools),
    // A host that serves agents replaces this with where it listens.
    'agents.gateway': () => ({ bridgeCommand: ['mcp-console', 'bridge', '--agent'] }),
    'grants.list': () => core.agents.grants(),
    'grants.revoke': (i) => core.agents.revokeGrant(i.id),
    'auth.status': (i) => core.auth.view(i.serverId),
    'auth.prompts': () => core.auth.prompts(),
    'auth.cancel': (i) => (core.auth.cancel(i.id), { ok: true as const }),
    'auth.signIn': (i) => (core.view(i.serverId), core.auth.dropTokens(i.serverId), core.connect(i.serverId)),
    'auth.signOut': (i) => core.auth.signOut(i.serverId),
  };
}

/**
 * Parses a request with the contract's schema, runs its handler, and answers `{ ok, value }` or
 * `{ ok: false, error: { code, message } }`. Every transport goes through here.
 */
export async function dispatch(handlers: Handlers, name: string, input: unknown): Promise<Reply<unknown>> {
  try {
    // SECURITY: unknown names and malformed input stop here, before any core method runs.
    if (!Object.prototype.hasOwnProperty.call(requests, name))
      throw new CoreError('unknown-request', `unknown request ${JSON.stringify(clipMiddle(String(name), 100))}`);
    // SECURITY: measured before the contract's schema (or anything else) reads it: a page, IPC and a bridge all come here.
    const over = overLimits(input);
    if (over) throw new CoreError('bad-input', `${name}: the request was refused: it ${over}`);
    const n = name as RequestName;
    const parsed = parseInput(n, input);
    const handler = handlers[n] as (i: unknown) => unknown;
    return { ok: true, value: await handler(parsed) };
  } catch (e) {
    return { ok: false, error: toContractError(e) };
  }
}
