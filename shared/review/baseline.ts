import type { Baseline, Finding, Suppression } from '../schemas/review.js';

/** The fields a suppression is bound to: the rule, the place and the exact text that matched. */
function keyOf(x: Pick<Finding, 'rule' | 'server' | 'kind' | 'subject' | 'path' | 'match'>): string {
  return JSON.stringify([x.rule, x.server, x.kind, x.subject, x.path, x.match]);
}

/** A suppression for this finding, with the reviewer's reason. */
export function suppressionFor(f: Finding, reason: string, at = new Date().toISOString()): Suppression {
  return {
    rule: f.rule,
    server: f.server,
    kind: f.kind,
    subject: f.subject,
    path: f.path,
    match: f.match,
    reason,
    acceptedAt: at,
  };
}

/**
 * Splits findings into new ones and those the baseline accepts. A suppression holds only for the
 * same rule at the same place with the same matched text: when the text changes, the finding is new
 * again. Entries that matched nothing are returned as stale.
 */
export function applyBaseline(
  findings: readonly Finding[],
  baseline: Baseline | undefined,
): { fresh: Finding[]; suppressed: { finding: Finding; reason: string }[]; stale: Suppression[] } {
  if (!baseline || baseline.suppressions.length === 0) return { fresh: [...findings], suppressed: [], stale: [] };
  const byKey = new Map(baseline.suppressions.map((s) => [keyOf(s), s]));
  const used = new Set<string>();
  const fresh: Finding[] = [];
  const suppressed: { finding: Finding; reason: string }[] = [];
  for (const f of findings) {
    const k = keyOf(f);
    const s = byKey.get(k);
    if (s) {
      used.add(k);
      suppressed.push({ finding: f, reason: s.reason });
    } else fresh.push(f);
  }
  return { fresh, suppressed, stale: baseline.suppressions.filter((s) => !used.has(keyOf(s))) };
}

/** A baseline that accepts every finding given, with one reason; merged into an existing one when given. */
export function baselineOf(findings: readonly Finding[], reason: string, existing?: Baseline): Baseline {
  const out = new Map((existing?.suppressions ?? []).map((s) => [keyOf(s), s]));
  for (const f of findings) if (!out.has(keyOf(f))) out.set(keyOf(f), suppressionFor(f, reason));
  return { version: 1, suppressions: [...out.values()] };
}
