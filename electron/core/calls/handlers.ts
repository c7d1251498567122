import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import { argsVerdict } from './approval-request.js';
import type { CallManager } from './calls.js';
import type { SchemaValidator } from './schema-validator.js';

export interface CallHandlerDeps {
  calls: CallManager;
  validator: SchemaValidator;
  /** One live tool; an unknown one is an error. */
  tool(serverId: string, name: string): ToolView;
  /** Whether the server's catalog holds the tool. */
  has(serverId: string, name: string): boolean;
  /** The listing of the server's tools under way, if any. */
  settling(serverId: string): Promise<void> | undefined;
}

/**
 * The calls, the approval gate and the check of a call's arguments. A person decides here
 * ('user'); calls are asked for on behalf of `requester`.
 */
export function callHandlers(d: CallHandlerDeps, requester: Requester): HandlersOf<NamesIn<'calls'> | 'tools.validate'> {
  const { calls } = d;
  // A first listing shows front ends its tools as pages arrive, before the catalog holds them: a
  // request for one of those waits for the listing (and is refused after it if the tool is not there).
  const listed = async (serverId: string, name: string) => {
    if (!d.has(serverId, name)) await d.settling(serverId);
  };
  return {
    'calls.request': async (i) => {
      await listed(i.serverId, i.tool);
      return calls.request(i.serverId, i.tool, i.args, requester, { asTask: i.asTask });
    },
    'calls.cancel': (i) => calls.cancel(i.callId),
    'calls.list': () => calls.list(),
    'calls.get': (i) => calls.get(i.callId),
    'calls.wait': (i) => calls.wait(i.callId),
    'calls.releaseResult': (i) => calls.decideResult(i.callId, i.release),
    'approvals.pending': () => calls.pending(),
    'approvals.decide': (i) => calls.decide(i, 'user'),
    // Checked here in the core, where server schemas are compiled under limits.
    'tools.validate': async (i) => {
      await listed(i.serverId, i.name);
      return argsVerdict(d.validator, d.tool(i.serverId, i.name).inputSchema, i.args);
    },
  };
}
