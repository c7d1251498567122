import type { ToolAnnotations, EffectiveAnnotations, RiskSummary, ToolRisk } from './schemas/tool.js';

/** The spec's defaults for tool annotations (2025-11-25, ToolAnnotations). */
export const ANNOTATION_DEFAULTS: EffectiveAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** The four hints of ToolAnnotations, in the spec's order. */
export const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** Fills the spec defaults into what a server declared; non-boolean values are treated as absent. */
export function effectiveAnnotations(declared: ToolAnnotations | undefined): EffectiveAnnotations {
  const out = { ...ANNOTATION_DEFAULTS };
  if (!declared) return out;
  for (const hint of HINTS) {
    const v = declared[hint];
    if (typeof v === 'boolean') out[hint] = v;
  }
  if (typeof declared.title === 'string') out.title = declared.title;
  return out;
}

/** Which of the four hints the server actually sent (as booleans). */
export function declaredHints(declared: ToolAnnotations | undefined): Partial<Record<(typeof HINTS)[number], boolean>> {
  const out: Partial<Record<(typeof HINTS)[number], boolean>> = {};
  if (!declared) return out;
  for (const hint of HINTS) if (typeof declared[hint] === 'boolean') out[hint] = declared[hint] as boolean;
  return out;
}

/**
 * A risk summary for the UI and the approval dialog. Annotations from a server the user
 * has not marked trusted are claims: a read-only claim is shown as such and never relied on.
 */
export function riskSummary(declared: ToolAnnotations | undefined, trusted: boolean): RiskSummary {
  const eff = effectiveAnnotations(declared);
  const sent = declaredHints(declared);
  const reasons: string[] = [];
  let level: RiskSummary['level'];
  if (Object.keys(sent).length === 0) {
    level = 'unknown';
    reasons.push('no annotations declared: the spec defaults assume it may write, destroy and reach the outside world');
  } else if (eff.readOnlyHint) {
    level = trusted ? 'read-only-trusted' : 'read-only-claimed';
    reasons.push(trusted ? 'declared read-only by a trusted server' : 'claims read-only, but the server is not trusted');
  } else if (eff.destructiveHint) {
    level = 'destructive';
    reasons.push(sent.destructiveHint === true ? 'declared destructive' : 'may destroy data (spec default)');
  } else {
    level = 'writes';
    reasons.push('modifies its environment, declared non-destructive');
  }
  if (eff.openWorldHint) reasons.push(sent.openWorldHint === true ? 'declared open-world' : 'may reach the outside world (spec default)');
  if (!eff.readOnlyHint && eff.idempotentHint) reasons.push('declared idempotent');
  return { level, openWorld: eff.openWorldHint, trusted, reasons };
}

/** The risk without its reasons, as every catalog entry carries it. */
export function toolRisk(declared: ToolAnnotations | undefined, trusted: boolean): ToolRisk {
  const { level, openWorld } = riskSummary(declared, trusted);
  return { level, openWorld, trusted };
}

/** The display name by the spec's precedence: title, annotations.title, then name. */
export function displayName(tool: { name: string; title?: string; annotations?: ToolAnnotations }): string {
  const annTitle = tool.annotations?.title;
  return tool.title || (typeof annTitle === 'string' && annTitle) || tool.name;
}
