import type {
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
} from '@modelcontextprotocol/client';
import type { CatalogChange, ToolView } from '../../../shared/schemas/tool.js';
import type { AuditTrail } from '../audit/index.js';
import { type ConsentFlow, type ConsentStore, type ServerStore } from '../config/index.js';
import { type EventBus } from '../support/index.js';
import type { TraceRecord } from '../trace/index.js';
import type { LogBook } from '../logs/index.js';
import type { ConnectionAuth } from './connection-listener.js';

/** What the connections read of the live catalog (the catalog concern's Catalog). */
export interface CatalogView {
  tools(serverId: string): readonly unknown[];
  get(serverId: string, name: string): Pick<ToolView, 'declaredAnnotations'> | undefined;
  stale(serverId: string): string | undefined;
  drop(serverId: string): void;
}

/** How the connections have a server's tools listed again (the catalog concern's CatalogSync). */
export interface CatalogLister {
  refresh(id: string, reason: CatalogChange['reason']): Promise<void>;
  listError(id: string): string | undefined;
  clearError(id: string): void;
  drop(id: string): void;
}

/** What the connections need of the rest of the core. */
export interface ConnectionsDeps {
  /** Whether a page that renders MCP App views is served (advertised to servers as the UI extension). */
  showsViews?: () => boolean;
  /** Roots cannot change during this run: offer them only to a server that has some (CoreOptions.fixedRoots). */
  fixedRoots?: boolean;
  store: ServerStore;
  consents: ConsentStore;
  consent: ConsentFlow;
  catalog: CatalogView;
  sync: CatalogLister;
  trail: AuditTrail;
  bus: EventBus;
  /** The server said its resource or prompt list changed. */
  listChanged?(id: string, kind: 'resources' | 'prompts'): void;
  /** The server said a resource changed. */
  resourceUpdated?(id: string, uri: string): void;
  /** The resources a person watches on this server. */
  watched?(id: string): string[];
  /** The server asks the person something. */
  elicit?(id: string, params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
  /** The server asks for a model's reply; a person writes it. */
  sample?(id: string, params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult>;
  /**
   * The server says a URL question's interaction is done; false when no such question is known (then it is ignored).
   */
  elicitationComplete?(id: string, elicitationId: string): boolean;
  /** Each server's log view (log messages, stderr, notes) and the log level chosen for it. */
  logs?: LogBook;
  /** One line of the server's protocol trace. */
  trace?(id: string, r: TraceRecord): void;
  /** The server's connection ended (lost or closed): what waits on it ends too. */
  ended?(id: string, reason: string): void;
  /** A remote server's OAuth session (none for stdio, or a server that sends its own Authorization header). */
  auth?(id: string): ConnectionAuth | undefined;
}
