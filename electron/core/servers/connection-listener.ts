import type { CreateMessageRequest, CreateMessageResult, ElicitRequest, ElicitResult, FetchLike, Root } from '@modelcontextprotocol/client';
import type { LogLevel } from '../../../shared/schemas/log.js';
import { type TraceRecord } from '../trace/index.js';
import type { OAuthFacts } from './doctor.js';

/** What a connection tells its owner. */
export interface ConnectionListener {
  /** Whether this console renders MCP App views now (the UI extension is advertised only then). */
  showsViews?(): boolean;
  statusChanged(): void;
  stderr(lines: string[]): void;
  toolsListChanged(): void;
  /** The server said its resource or prompt list changed. */
  listChanged?(kind: 'resources' | 'prompts'): void;
  /** The server said a resource changed (notifications/resources/updated). */
  resourceUpdated?(uri: string): void;
  /** The resources a person watches (2026-07-28 asks for their updates on subscriptions/listen). */
  watchedResources?(): string[];
  /** The connection closed without being asked to. */
  lost(reason: string): void;
  /** A log message the server sent (notifications/message, either era). */
  log?(level: LogLevel, logger: string | undefined, data: unknown): void;
  /** The log level chosen for this server (sent on each request in the 2026-07-28 era). */
  logLevel?(): LogLevel | undefined;
  /** Every JSON-RPC message both ways, and each HTTP exchange (the protocol trace). */
  trace?(r: TraceRecord): void;
  /** The server asks the person something (elicitation/create, in either era). */
  elicit?(params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
  /** The server says the interaction of a URL question is done (2025-11-25 `notifications/elicitation/complete`). */
  elicitationComplete?(elicitationId: string): void;
  /** The tool says it is read-only or idempotent (a tools/call whose stream broke may be sent again). */
  idempotentTool?(name: string): boolean;
  /** The server asks for a model's reply (sampling, deprecated in 2026-07-28): a person writes it. */
  sample?(params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult>;
  /** The directories the server may work in (roots, deprecated in 2026-07-28), when it asks. */
  roots?(): Root[];
  /** A remote server's OAuth: the fetch middleware that presents its token and signs in when asked. */
  auth?(): ConnectionAuth | undefined;
}

/** What a connection needs of a server's OAuth session. */
export interface ConnectionAuth {
  wrap(next: FetchLike): FetchLike;
  /** A person is signing in: the connect timeout waits for them. */
  readonly busy: boolean;
  /** Why the last sign-in failed, in words. */
  readonly lastError?: string;
  /** A new connection: the retry limit starts over. */
  reset(): void;
  /** Signed in or not, and where (for the connection doctor; never a token). */
  facts(): OAuthFacts;
}
