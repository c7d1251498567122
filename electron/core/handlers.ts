import { parseInput, requests, type HandlersOf, type Reply, type RequestName } from '../../shared/contract/index.js';
import type { Requester } from '../../shared/schemas/requester.js';
import { clipMiddle, overLimits } from '../../shared/boundary.js';
import { agentHandlers } from './agents/index.js';
import { appHandlers } from './apps/index.js';
import { auditHandlers } from './audit/index.js';
import { authHandlers } from './auth/index.js';
import { approvalHandlers } from './approvals/index.js';
import { argsVerdict, callHandlers } from './calls/index.js';
import { catalogHandlers } from './catalog/index.js';
import { collectionHandlers } from './collections/index.js';
import type { CoreParts } from './compose.js';
import { configHandlers } from './config/index.js';
import { elicitationHandlers } from './elicitations/index.js';
import { policyHandlers } from './policy/index.js';
import { logHandlers } from './logs/index.js';
import { reviewHandlers } from './review/index.js';
import { serverHandlers } from './servers/index.js';
import { CoreError, toContractError } from './support/index.js';
import { traceHandlers } from './trace/index.js';

/*
 * The contract's requests, each answered by its concern's own table, and the one dispatch every transport goes through.
 */

/** One handler per contract request, typed from the contract. */
export type Handlers = HandlersOf<RequestName>;

/** Who is on the other end of a front end's requests, and the handlers it serves better itself. */
export interface HandlerOptions {
  /** Recorded on every call asked for through these handlers. */
  requester: Requester;
  /** A shell may replace a handler it serves better itself (the desktop app opens links). */
  overrides?: Partial<Handlers>;
  /** On a team service: the signed-in person's roles and groups (what an ask's terms read of who decides). */
  member?: { roles: readonly string[]; groups: readonly string[] };
}

/**
 * Every request of the contract, each answered by its concern's own table. Decisions made here are
 * a person's ('user'); calls, reads and answers are asked for on behalf of `requester`. The type
 * is exhaustive: a request no concern answers fails the typecheck.
 */
export function answerRequests(p: CoreParts, requester: Requester, member?: HandlerOptions['member']): Handlers {
  const known = (id: string) => void p.connections.view(id);
  return {
    ...serverHandlers(p),
    ...catalogHandlers(
      {
        ...p,
        settling: (id) => p.sync.settling(id),
        streamed: (id, name) => p.sync.streamed(id, name),
        checkArgs: (schema, args) => argsVerdict(p.validator, schema, args),
      },
      requester,
    ),
    ...callHandlers(
      { ...p, has: (id, name) => !!p.catalog.get(id, name), settling: (id) => p.sync.settling(id) },
      requester,
    ),
    ...approvalHandlers({ calls: p.calls, shared: () => p.team?.shared }, requester, member),
    ...elicitationHandlers(p, requester),
    ...logHandlers({ logs: p.logs, known, setLogLevel: (id, level) => p.connections.setLogLevel(id, level) }),
    ...traceHandlers({ trace: p.trace, known, recordings: p.recordings }, requester),
    ...configHandlers({ ...p, revokeConsent: (id, kind) => p.admin.revokeConsent(id, kind) }),
    ...auditHandlers(p),
    ...agentHandlers(p, requester),
    ...policyHandlers(p),
    ...reviewHandlers({
      ...p,
      known,
      connectedIds: () =>
        p.store
          .list()
          .map((e) => e.id)
          .filter((id) => p.connections.connected(id)),
    }),
    ...authHandlers({ auth: p.auth, known, connect: (id) => p.connections.connect(id) }),
    ...appHandlers(p),
    ...collectionHandlers(p, requester),
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
    // SECURITY: measured before the contract's schema (or anything else) reads it: a page, IPC and a bridge all come
    // here.
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
