import type { EffectiveAnnotations, RiskSummary, ToolAnnotations, ToolRisk } from '../../shared/schemas/tool';

const HINTS = [
  ['readOnlyHint', 'read-only', 'writes'],
  ['destructiveHint', 'destructive', 'non-destructive'],
  ['idempotentHint', 'idempotent', 'not idempotent'],
  ['openWorldHint', 'open-world', 'closed-world'],
] as const;

/** Hints the spec says mean something only when the tool is not read-only. */
const WRITE_ONLY_HINTS = new Set<string>(['destructiveHint', 'idempotentHint']);

/** What the risk badge already says (its level is drawn from these two). */
const COVERED_BY_RISK = new Set<string>(['readOnlyHint', 'destructiveHint']);

/**
 * Annotation badges: a declared value is drawn solid, a spec default dashed and marked "default".
 * destructiveHint and idempotentHint are meaningful only when readOnlyHint is false, so a read-only
 * tool shows neither. `compact` (a catalog row, beside the risk badge) shows only the hints that are
 * true and that the risk does not already say.
 */
export function AnnotationBadges({
  annotations,
  declared,
  compact,
}: {
  annotations: EffectiveAnnotations;
  declared?: ToolAnnotations;
  compact?: boolean;
}) {
  return (
    <span className="badges">
      {HINTS.map(([key, yes, no]) => {
        const noneDeclared = !HINTS.some(([k]) => typeof declared?.[k] === 'boolean');
        const value = annotations[key];
        const isDeclared = typeof declared?.[key] === 'boolean';
        if (annotations.readOnlyHint && WRITE_ONLY_HINTS.has(key)) return null;
        // In a catalog row the risk badge beside says read-only, writes or destructive: not again here.
        if (compact && (!value || COVERED_BY_RISK.has(key))) return null;
        // In a catalog row, a tool that declared nothing shows its risk ("unknown") instead of four default badges.
        if (compact && noneDeclared) return null;
        const label = value ? yes : no;
        return (
          <span
            key={key}
            className={`badge ${value ? `on ${key}` : 'off'} ${isDeclared ? 'declared' : 'default'}`}
            data-hint={key}
            data-declared={isDeclared}
            title={`${key}: ${value} (${isDeclared ? 'declared by the server' : 'spec default'})`}
          >
            {label}
            {isDeclared ? '' : '*'}
          </span>
        );
      })}
    </span>
  );
}

const RISK_LABEL: Record<RiskSummary['level'], string> = {
  'read-only-trusted': 'read-only',
  'read-only-claimed': 'claims read-only',
  writes: 'writes',
  destructive: 'destructive',
  unknown: 'unknown',
};

/** The risk at a glance, with "untrusted" when the server's annotations are only claims. */
export function RiskBadge({ risk }: { risk: ToolRisk & { reasons?: string[] } }) {
  return (
    <span className="badges">
      <span className={`risk risk-${risk.level}`} title={risk.reasons?.join('\n')} data-risk={risk.level}>
        {RISK_LABEL[risk.level]}
      </span>
      {!risk.trusted && (
        <span
          className="badge untrusted"
          title="Annotations from this server are claims: mark the server trusted to rely on them"
        >
          untrusted
        </span>
      )}
    </span>
  );
}
