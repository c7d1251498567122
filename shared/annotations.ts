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
    reasons.push(
      trusted ? 'declared read-only by a trusted server' : 'claims read-only, but the server is not trusted',
    );
  } else if (eff.destructiveHint) {
    level = 'destructive';
    reasons.push(sent.destructiveHint === true ? 'declared destructive' : 'may destroy data (spec default)');
  } else {
    level = 'writes';
    reasons.push('modifies its environment, declared non-destructive');
  }
  if (eff.openWorldHint)
    reasons.push(sent.openWorldHint === true ? 'declared open-world' : 'may reach the outside world (spec default)');
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

/*
 * The parts of a tool's view most tools share, one frozen object each (at 100,000 tools, two
 * objects a tool fewer, in the core and in the page): the effective annotations without a title,
 * and the risk. Both depend on the four hints alone (and the risk on trust), so each is found by a
 * number, not made and then looked up by a text made of it.
 */
const SHARED_ANNOTATIONS: EffectiveAnnotations[] = [];
const SHARED_RISKS: ToolRisk[] = [];

/** The four hints a server declared as one number below 81: each absent (or not a boolean), true or false. */
export function hintCode(declared: ToolAnnotations | undefined): number {
  let code = 0;
  if (declared)
    for (const hint of HINTS) code = code * 3 + (declared[hint] === true ? 1 : declared[hint] === false ? 2 : 0);
  return code;
}

/** `effectiveAnnotations`, one shared frozen object per set of hints (a title makes its own). */
export function sharedEffectiveAnnotations(
  declared: ToolAnnotations | undefined,
  code = hintCode(declared),
): EffectiveAnnotations {
  if (typeof declared?.title === 'string') return effectiveAnnotations(declared);
  return (SHARED_ANNOTATIONS[code] ??= Object.freeze(effectiveAnnotations(declared)));
}

/** `toolRisk`, one shared frozen object per set of hints and trust. */
export function sharedToolRisk(
  declared: ToolAnnotations | undefined,
  trusted: boolean,
  code = hintCode(declared),
): ToolRisk {
  return (SHARED_RISKS[code * 2 + (trusted ? 1 : 0)] ??= Object.freeze(toolRisk(declared, trusted)));
}
