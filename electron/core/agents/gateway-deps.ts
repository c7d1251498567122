import type { ReadResourceResult } from '../../../shared/schemas/content.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { PolicyStore } from '../approvals/index.js';
import type { AuditFields } from '../audit/index.js';
import { type EventBus } from '../support/index.js';
import type { ToolAcceptance } from './tool-acceptance.js';
import type { CallManager } from '../calls/index.js';

/** One tool as an agent sees it: the upstream definition whole, under its namespaced name. */
export interface AgentTool {
  name: string;
  serverId: string;
  tool: string;
  fingerprint: string;
  def: Record<string, unknown>;
}

export interface GatewayDeps {
  dataDir: string;
  policies: PolicyStore;
  bus: EventBus;
  audit(fields: AuditFields): void;
  /** A server's identity while it is connected (undefined otherwise). */
  connected(serverId: string): string | undefined;
  /** Connects a configured server that is not connected; resolves when that attempt ends (either way). */
  connect(serverId: string): Promise<unknown>;
  /** A server's connection status (undefined: no such server). */
  status(serverId: string): string | undefined;
  /** The connection attempt under way for a server, resolved once its tools are listed (undefined: none). */
  attempt?(serverId: string): Promise<unknown> | undefined;
  tools(serverId: string): ToolView[];
  raw(serverId: string, name: string): Record<string, unknown> | undefined;
  /** The call manager: an agent's call is an ordinary call, through the same approval gate. */
  calls: Pick<CallManager, 'request' | 'wait' | 'cancel' | 'delivery' | 'withdrawResult'>;
  /** The pins: an agent sees a tool only while its definition is the pinned one. */
  pins: ToolAcceptance;
  /** Reads a resource of a server, recorded as the requester's (the views an agent's host renders). */
  read(serverId: string, uri: string, requester: Requester): Promise<ReadResourceResult>;
}

/** How an agent's call reports while it runs. */
export interface AgentCallHooks {
  signal?: AbortSignal;
  /** Progress of the upstream call, and a note while it waits for a person. */
  onProgress?(p: { progress: number; total?: number; message?: string }): void;
}
