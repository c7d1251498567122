import { APP_MIME, APPS_EXTENSION } from '../../../shared/apps.js';
import type {
  Client,
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
  FetchLike,
  jsonSchemaValidator,
  JsonSchemaValidator,
  Root,
} from '@modelcontextprotocol/client';
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

/**
 * The capabilities a connection declares: the person answers elicitations, sampling and roots where the listener can.
 */
export function clientCapabilities(listener: ConnectionListener) {
  // Elicitation, both modes: a person answers (the SDK also fills a form's defaults, SEP-1034, which the core has
  // already done).
  const { elicit, sample, roots } = listener;
  return {
    ...(elicit && { elicitation: { form: { applyDefaults: true }, url: {} } }),
    ...(sample && { sampling: {} }),
    ...(roots && { roots: { listChanged: true } }),
    // 2026-07-28: the tasks extension (a call may come back as a task, which the call manager follows).
    // MCP Apps, only where a page shows views: a server may answer a client that renders none with text alone.
    extensions: {
      'io.modelcontextprotocol/tasks': {},
      ...(listener.showsViews?.() && { [APPS_EXTENSION]: { mimeTypes: [APP_MIME] } }),
    },
  };
}

/**
 * Hands the server's requests and notifications to the listener while the connection is `live()`;
 * its log messages also become lines of the server's output.
 */
export function answerFor(
  client: Client,
  listener: ConnectionListener,
  live: () => boolean,
  addLine: (line: string) => void,
): void {
  const { elicit, sample, roots } = listener;
  // One handler each for both eras: a 2025 server request, or a 2026-07-28 input_required round the SDK's driver hands
  // to it.
  if (elicit)
    client.setRequestHandler('elicitation/create', (req, ctx) => elicit.call(listener, req.params, ctx.mcpReq.signal));
  if (sample)
    client.setRequestHandler('sampling/createMessage', (req, ctx) =>
      sample.call(listener, req.params, ctx.mcpReq.signal),
    );
  if (roots) client.setRequestHandler('roots/list', () => ({ roots: roots.call(listener) }));
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    if (live()) listener.toolsListChanged();
  });
  client.setNotificationHandler('notifications/resources/list_changed', () => {
    if (live()) listener.listChanged?.('resources');
  });
  client.setNotificationHandler('notifications/prompts/list_changed', () => {
    if (live()) listener.listChanged?.('prompts');
  });
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    if (live()) listener.resourceUpdated?.(n.params.uri);
  });
  client.setNotificationHandler('notifications/elicitation/complete', (n) => {
    if (live()) listener.elicitationComplete?.(n.params.elicitationId);
  });
  client.setNotificationHandler('notifications/message', (n) => {
    const data = typeof n.params.data === 'string' ? n.params.data : JSON.stringify(n.params.data);
    addLine(`[log ${n.params.level}${n.params.logger ? ' ' + n.params.logger : ''}] ${data}`);
    listener.log?.(n.params.level, n.params.logger, n.params.data);
  });
}

/**
 * What the SDK's Client would check a call's structuredContent with (its callTool, against the
 * tool's outputSchema). The console sends tools/call itself and checks results in
 * calls/schema-validator.ts, within its limits, showing what fails rather than throwing: the SDK's
 * own check is never asked for. Given this, the SDK makes no Ajv of its own, and the command line's
 * bundle leaves the SDK's copy of Ajv out (1.9 MB of the serving process at rest).
 */
export const CHECKED_BY_THE_CONSOLE: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};
