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

/** One tool's description reviewed alone on a server of its own: raised at medium or above. */
export function raisedAlone(server: string, name: string, description: string): boolean {
  const findings = reviewServers([
    { id: server, tools: [{ name, description, inputSchema: { type: 'object', properties: {} } }] },
  ]);
  return findings.some((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium);
}
