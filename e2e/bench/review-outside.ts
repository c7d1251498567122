/**
 * The review on published corpora kept outside the repository (their texts are others', their licences not ours to
 * pass on): `npm run bench:peers` prints these figures when a copy is named, and says how to get one when none is.
 *
 * MCPTOX_JSON names MCPTox's poisoned tools (arXiv:2508.14925, 485 texts built on the tools of 45 real servers): the
 * upstream `pure_tool.json` (`[{ "<id>": { tool_name, tool_content, paradigm, … } }]`) or a list of tools with a
 * `_meta.paradigm` (as fuzzd's `bench/mcptox_actual.json` carries it). Each text is reviewed alone, as one tool of
 * one server; it counts as caught at medium or above. The corpus is split by position: the even half was read for
 * its misses and tuned on, the odd half never was, and only the odd half says how the review meets wording it has
 * not seen.
 */
import { readFileSync } from 'node:fs';
import { reviewServers } from '../../shared/review/review-run.js';
import { SEVERITY_RANK } from '../../shared/review/rules.js';
import { byModelAlone, loudRulesAlone, MODEL_ALONE } from './tally.js';

/** One poisoned tool of the corpus, as reviewed. */
export interface OutsideCase {
  name: string;
  description: string;
  paradigm: string;
}

const obj = (x: unknown): Record<string, unknown> =>
  typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : {};
const str = (x: unknown): string => (typeof x === 'string' ? x : '');

/** The cases of either form of the corpus; anything else is refused with what was expected. */
export function mcptoxCases(raw: unknown): OutsideCase[] {
  if (!Array.isArray(raw)) throw new Error('expected a JSON list (pure_tool.json, or tools with _meta.paradigm)');
  return raw.map((entry, i) => {
    const e = obj(entry);
    if (typeof e.description === 'string')
      return { name: str(e.name) || `tool_${i}`, description: e.description, paradigm: str(obj(e._meta).paradigm) };
    const inner = obj(Object.values(e)[0]);
    const description = str(inner.tool_content);
    if (!description) throw new Error(`entry ${i} has neither description nor tool_content`);
    return { name: str(inner.tool_name) || `tool_${i}`, description, paradigm: str(inner.paradigm) };
  });
}

/** Caught, per half and paradigm: `[caught, total]`. */
export function outsideScore(cases: readonly OutsideCase[]): Map<string, Map<string, [number, number]>> {
  const out = new Map<string, Map<string, [number, number]>>();
  cases.forEach((c, i) => {
    const half = i % 2 ? 'odd' : 'even';
    const loud = loudRulesAlone('outside', c.name, c.description);
    const caught = loud.size > 0;
    const byParadigm = out.get(half) ?? new Map<string, [number, number]>();
    out.set(half, byParadigm);
    for (const key of ['all', c.paradigm || '?']) {
      const row = byParadigm.get(key) ?? [0, 0];
      byParadigm.set(key, [row[0] + (caught ? 1 : 0), row[1] + 1]);
    }
    const alone = byParadigm.get(MODEL_ALONE) ?? [0, 0];
    byParadigm.set(MODEL_ALONE, [alone[0] + (byModelAlone(loud) ? 1 : 0), alone[1] + 1]);
  });
  return out;
}

/** The lines `npm run bench:peers` prints for the corpora kept outside. */
export function outsideFigures(path = process.env.MCPTOX_JSON): string[] {
  if (!path)
    return [
      '\nMCPTox (outside the repository): not measured — set MCPTOX_JSON to a copy of its pure_tool.json',
      '  (github.com/zhiqiangwang4/MCPTox-Benchmark) or of fuzzd’s bench/mcptox_actual.json.',
    ];
  const cases = mcptoxCases(JSON.parse(readFileSync(path, 'utf8')) as unknown);
  const score = outsideScore(cases);
  const pct = ([a, b]: [number, number]): string => `${a}/${b} (${((a / Math.max(b, 1)) * 100).toFixed(1)}%)`;
  const lines = [
    `\nMCPTox, ${cases.length} poisoned tools others wrote, each reviewed alone; caught at medium or above`,
  ];
  for (const [half, label] of [
    ['even', 'even half (tuned on)'],
    ['odd', 'HELD OUT: odd half (never read)'],
  ] as const) {
    const rows = score.get(half) ?? new Map<string, [number, number]>();
    const parts = [...rows].filter(([k]) => k !== 'all').map(([k, v]) => `${k} ${pct(v)}`);
    lines.push(`  ${label}: ${pct(rows.get('all') ?? [0, 0])} — ${parts.join(', ')}`);
  }
  return lines;
}

/** The two sets of servers captured outside the repository, as `capture-real-servers.ts` writes them. */
const SERVER_SETS = {
  fresh: {
    env: 'FRESH_SERVERS_JSON',
    flag: '--fresh',
    file: 'fresh-servers.json',
    title: 'Fresh npm servers (captured with --fresh; read on 2026-12-06, so no longer unseen)',
  },
  held: {
    env: 'HELD_SERVERS_JSON',
    flag: '--held',
    file: 'held-servers.json',
    title:
      'Held npm servers (captured with --held on 2026-12-06; first read: 3 high, 9 tools at medium+ = 8.26 per 100; since mended)',
  },
} as const;

/**
 * Tool lists of servers captured outside the repository (`capture-real-servers.ts --fresh` or `--held`): each server
 * reviewed whole, and the tools raised at medium or above per 100, highs apart.
 */
export function capturedServerFigures(
  path: string | undefined = process.env.FRESH_SERVERS_JSON,
  set: keyof typeof SERVER_SETS = 'fresh',
): string[] {
  const which = SERVER_SETS[set];
  if (!path)
    return [
      `\n${which.title.replace(/ \(.*$/, '')} (outside the repository): not measured — set ${which.env} to the ${which.file}`,
      `  that \`node out/node/e2e/tools/capture-real-servers.js DIR ${which.flag}\` writes.`,
    ];
  const { servers } = JSON.parse(readFileSync(path, 'utf8')) as {
    servers: { package: string; tools: Record<string, unknown>[] }[];
  };
  let tools = 0;
  let highs = 0;
  const loud = new Set<string>();
  for (const s of servers) {
    tools += s.tools.length;
    for (const f of reviewServers([{ id: s.package, tools: s.tools }]))
      if (SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium) {
        loud.add(`${s.package} ${f.subject}`);
        if (f.severity === 'high') highs++;
      }
  }
  const per100 = ((loud.size / Math.max(tools, 1)) * 100).toFixed(2);
  return [
    `\n${which.title}: ${servers.length} servers, ${tools} tools: ${highs} high findings, ${loud.size} tools at medium or above = ${per100} false alarms per 100 tools`,
  ];
}
