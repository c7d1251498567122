import { reviewServers } from '../../shared/review/review-run.js';
import { SEVERITY_RANK } from '../../shared/review/rules.js';

/** Rows of `[hits, total]` by key, as a corpus's figures count them. */
export function tally(): { rows: Map<string, [number, number]>; add: (key: string, hit: boolean) => void } {
  const rows = new Map<string, [number, number]>();
  const add = (key: string, hit: boolean): void => {
    const row = rows.get(key) ?? [0, 0];
    rows.set(key, [row[0] + (hit ? 1 : 0), row[1] + 1]);
  };
  return { rows, add };
}

/** The rules that raise one tool's description, reviewed alone on a server of its own, at medium or above. */
export function loudRulesAlone(server: string, name: string, description: string): Set<string> {
  const findings = reviewServers([
    { id: server, tools: [{ name, description, inputSchema: { type: 'object', properties: {} } }] },
  ]);
  return new Set(findings.filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium).map((f) => f.rule));
}

/** One tool's description reviewed alone on a server of its own: raised at medium or above. */
export function raisedAlone(server: string, name: string, description: string): boolean {
  return loudRulesAlone(server, name, description).size > 0;
}

/** Raised by the trained wording model (P10) and by no other rule: what the model adds to the rules. */
export const byModelAlone = (rules: ReadonlySet<string>): boolean => rules.size === 1 && rules.has('P10');

/** The row key under which a corpus counts what the model alone raised. */
export const MODEL_ALONE = 'by the model (P10) alone';
