import type { AuditEntry } from '../../../shared/schemas/audit.js';
import type { CallRecord } from '../../../shared/schemas/call.js';
import type { PromptView } from '../../../shared/schemas/prompt.js';
import type { ResourceTemplateView, ResourceView } from '../../../shared/schemas/resource.js';
import type { PinState, ReviewSummary } from '../../../shared/schemas/review.js';
import type { ServerView } from '../../../shared/schemas/server.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { ViewPinState } from '../apps/index.js';

/** What the review reads from the rest of the core. */
export interface ReviewDeps {
  dataDir: string | null;
  serverIds: () => string[];
  view: (id: string) => ServerView;
  rawTools: (id: string) => readonly Record<string, unknown>[];
  tools: (id: string) => readonly ToolView[];
  prompts: (id: string) => Promise<PromptView[]>;
  resources: (id: string) => Promise<{ resources: ResourceView[]; templates: ResourceTemplateView[] }>;
  /** The lists last walked, without asking the server (the automatic review asks nothing). */
  knownPrompts: (id: string) => PromptView[] | undefined;
  knownResources: (id: string) => { resources: ResourceView[]; templates: ResourceTemplateView[] } | undefined;
  calls: () => readonly CallRecord[];
  /**
   * Reads a view a tool links (a review someone asked for reads those not read yet); the read reaches the review as any
   * read does.
   */
  readView?: (id: string, uri: string) => Promise<unknown>;
  /** Where a view's document stands against its pin (MCP Apps); undefined while the server has no identity. */
  viewPin?: (id: string, uri: string, html: string) => ViewPinState | undefined;
  metaProblems: (schema: unknown) => string[];
  /**
   * The tools of a connected server that differ from their pins: new, changed, removed (pins taken at first sight when
   * there are none).
   */
  unsettledPins: (id: string) => PinState[] | Promise<PinState[]>;
  /** Takes a connected server's pins now if it has none yet (first sight, at once). */
  takePins: (id: string) => void;
  /** The pinned definitions of a connected server, by tool name. */
  pinned: (id: string) => Map<string, Record<string, unknown> | undefined> | null;
  importPins: (id: string, defs: Record<string, Record<string, unknown>>) => void;
  /** Tells front ends which tools of a server differ from their pins. */
  pinsChanged: (serverId: string, unsettled: PinState[]) => void;
  /** Tells front ends a review finished: when, and the tools with medium or high findings. */
  reviewed: (summary: ReviewSummary) => void;
  /**
   * The review worker's file: absent, the one built beside this module; null, none (the review runs on the loop in
   * steps).
   */
  worker?: string | null;
  /** How long one review may run in the worker, in milliseconds (default REVIEW_BUDGET_MS). */
  budgetMs?: number;
  /** The worker's heap at most, in MB (default 256). */
  heapMb?: number;
  audit: (entry: Partial<AuditEntry> & Pick<AuditEntry, 'kind'>) => void;
}
