import type { CallHistory } from './call-history.js';
import type { Client } from '@modelcontextprotocol/client';
import type { AuditTrail } from '../audit/index.js';
import type { PolicyStore } from '../approvals/index.js';
import type { ServerFacts as ApprovalServerFacts } from './approval-request.js';
import type { Catalog } from '../catalog/index.js';
import type { EventBus } from '../support/index.js';
import type { SchemaValidator } from './schema-validator.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { OrgPolicy } from '../policy/index.js';
import type { ResultScanMode } from './result-guard.js';
import type { ResultScanner } from './result-scanner.js';

/** What the call manager needs to know about a server: the facts the dialog shows, and its client when connected. */
export interface ServerFacts extends ApprovalServerFacts {
  client?: Client;
}

export interface CallDeps {
  server(id: string): ServerFacts | undefined;
  catalog: Catalog;
  /** Where every step of a call is recorded (and announced). */
  trail: AuditTrail;
  validator: SchemaValidator;
  bus: EventBus;
  approvalTimeoutMs(): number;
  /** The limits the user set on what waits and what is logged. */
  limits(): { maxPendingApprovalsPerServer: number; maxInlineArgsBytes: number };
  /** Keeps arguments too large for the log beside it; returns where, or undefined when they are not kept. */
  keepArgs(argsHash: string, argsJson: string): string | undefined;
  /** The budget for results kept in memory, in bytes. */
  maxRetainedResultBytes(): number;
  /** Resolves when a catalog refresh under way for the server ends; undefined when none is. */
  catalogSettling(serverId: string): Promise<void> | undefined;
  /** Standing grants per requester, server and tool (session, always, never). */
  policies: PolicyStore;
  /** The organisation's policy, above the person's grants (none: only the person's). */
  org?: Pick<OrgPolicy, 'active' | 'decide' | 'refusing' | 'version'>;
  /** Answers a request a task made (tasks extension), as the same request on its own would be answered. */
  answerInput(serverId: string, method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
  /**
   * True when the call is a step of a collection run whose scope was approved, announced with exactly these arguments
   * (consumed).
   */
  runGrant?(requestedBy: Requester, serverId: string, tool: string, argsHash: string): boolean;
  /** What an agent gets for a result that orders the model (the `resultScan` setting; default `warn`). */
  resultScanMode?(): ResultScanMode;
  /** Reads results off the loop (default: a scanner with its own worker). */
  scanner?: ResultScanner;
  /** A call ended (any outcome): a question its server asked during it may have no one left to answer. */
  ended?(callId: string): void;
  /** History across restarts (the data directory's `history.jsonl`); none: this session's calls only. */
  history?: CallHistory;
}
