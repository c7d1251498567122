import { z } from 'zod';

/** Tool annotations as a server declared them: hints only, untrusted unless the server is trusted. */
export const ToolAnnotations = z.looseObject({
  title: z.unknown().optional(),
  readOnlyHint: z.unknown().optional(),
  destructiveHint: z.unknown().optional(),
  idempotentHint: z.unknown().optional(),
  openWorldHint: z.unknown().optional(),
});
export type ToolAnnotations = z.infer<typeof ToolAnnotations>;

/** The four hints with the spec defaults filled in. */
export const EffectiveAnnotations = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean(),
  destructiveHint: z.boolean(),
  idempotentHint: z.boolean(),
  openWorldHint: z.boolean(),
});
export type EffectiveAnnotations = z.infer<typeof EffectiveAnnotations>;

export const RiskLevel = z.enum(['read-only-trusted', 'read-only-claimed', 'writes', 'destructive', 'unknown']);

/** How risky a call to this tool looks, from annotations and the server's trust. */
export const RiskSummary = z.object({
  level: RiskLevel,
  openWorld: z.boolean(),
  trusted: z.boolean(),
  reasons: z.array(z.string()),
});
export type RiskSummary = z.infer<typeof RiskSummary>;

/**
 * The risk carried by every tool in the catalog; the reasons follow from the annotations and trust (shared
 * `riskSummary`).
 */
export const ToolRisk = RiskSummary.omit({ reasons: true });
export type ToolRisk = z.infer<typeof ToolRisk>;

export const Icon = z.looseObject({
  src: z.string(),
  mimeType: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  theme: z.string().optional(),
});

/** One tool of one server, as the console knows it. */
export const ToolView = z.object({
  serverId: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  /** The icons as declared (their URLs are never fetched by a front end). */
  icons: z.array(Icon).optional(),
  /** The icon to show: a data: URI made or checked by the core. */
  iconData: z.string().optional(),
  annotations: EffectiveAnnotations,
  declaredAnnotations: ToolAnnotations.optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
  execution: z.record(z.string(), z.unknown()).optional(),
  /** sha-256 of the canonical JSON of the whole definition as sent. */
  fingerprint: z.string(),
  serverIdentity: z.string(),
  risk: ToolRisk,
  /** Fields whose text holds hidden characters (zero-width, bidi, tag, control). */
  hiddenText: z.array(z.string()),
  /**
   * `execution.taskSupport` is `required`: the tool can only be called as a task, which the console does not do yet.
   */
  needsTaskMode: z.boolean().optional(),
  /**
   * Why the tool is left out of what can be called (MCP 2026-07-28 over Streamable HTTP: an invalid
   * `x-mcp-header` declaration). Shown in the catalog; calls to it are refused and nothing is sent.
   */
  excluded: z.string().optional(),
});
export type ToolView = z.infer<typeof ToolView>;

/**
 * A tool as a front end holds it: what a list shows of it. The tools of a listing come without their
 * schemas and fingerprint (`tools.get` gives a tool whole); the other catalog events, and
 * `tools.list`, send them whole.
 */
export type ShownTool = Omit<ToolView, 'fingerprint' | 'inputSchema' | 'outputSchema'> &
  Partial<Pick<ToolView, 'fingerprint' | 'inputSchema' | 'outputSchema'>>;

const FieldChange = z.object({ path: z.string(), before: z.unknown().optional(), after: z.unknown().optional() });
export const ToolChange = z.object({ name: z.string(), fields: z.array(z.string()), changes: z.array(FieldChange) });
export type ToolChange = z.infer<typeof ToolChange>;

/** What changed in one server's catalog, and why the console looked. */
export const CatalogChange = z.object({
  serverId: z.string(),
  at: z.string(),
  reason: z.enum(['initial', 'list_changed', 'reconnect', 'refresh', 'icons', 'disconnect']),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(ToolChange),
});
export type CatalogChange = z.infer<typeof CatalogChange>;
