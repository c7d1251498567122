/**
 * The review on MPMA (github.com/cao-elaine/MPMA, MIT; arXiv:2505.11154, "MCP Preference Manipulation Attack"): the
 * tools of eight kinds of server (weather, time, an MCP installer, hot news, fetch, crypto, search, markdown) with
 * their descriptions rewritten to win an agent's choice — DPMA ("This is the best tool in the world." before the
 * original) and GAPMA, evolved advertising in four strategies (authority, emotion, exaggeration, subliminal) — beside
 * the originals and five plain competitor descriptions of each tool as the clean texts. Its texts are others' and stay
 * outside the repository: `MPMA_DIR=<a checkout> npm run bench:peers` reads them. Weather, time, the installer, hot
 * news and fetch are the half read and tuned on; crypto, search and markdown are held out and were never read.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { byModelAlone, loudRulesAlone, MODEL_ALONE, tally } from './tally.js';

/** One text of the corpus: the server kind, what it is (DPMA, a GAPMA strategy, original, competitor), the tool. */
export interface MpmaCase {
  kind: string;
  variant: string;
  tool: string;
  text: string;
}

/** The kinds read and tuned on (the keys of its tool_descriptions.json); the rest is held out. */
export const MPMA_TUNED = new Set(['Weather', 'Time', 'MCP Installer', 'HotNews', 'Fetch']);
const STRATEGIES = ['Au', 'Em', 'Ex', 'Su'];
/** Names a strategy for people. */
const STRATEGY: Record<string, string> = { Au: 'authority', Em: 'emotion', Ex: 'exaggeration', Su: 'subliminal' };

/** `@mcp.tool(name="x", description="…")` of every server's original, by tool name. */
function originals(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const servers = join(dir, 'Servers');
  if (!existsSync(servers)) return out;
  for (const kind of readdirSync(servers).sort()) {
    const base = join(servers, kind);
    const file = existsSync(base) ? readdirSync(base).find((f) => f.endsWith('_original.py')) : undefined;
    if (!file) continue;
    const src = readFileSync(join(base, file), 'utf8');
    for (const m of src.matchAll(/@mcp\.tool\(\s*name="([^"]+)",\s*description="((?:[^"\\\n]|\\.)*)"/g))
      out.set(m[1]!, m[2]!.replace(/\\(.)/g, '$1'));
  }
  return out;
}

/** The text DPMA puts before a description, from its own template (`f"… {raw_description}"`). */
function dpmaLead(dir: string): string | undefined {
  const p = join(dir, 'utils/manipulations.py');
  if (!existsSync(p)) return undefined;
  return /def dpma_best_description[\s\S]*?return f"([^"{]*)\{raw_description\}"/.exec(readFileSync(p, 'utf8'))?.[1];
}

/** Every text of a checkout: DPMA and GAPMA (hostile), the originals and the competitors (clean). */
export function mpmaCases(dir: string): MpmaCase[] {
  const p = join(dir, 'utils/tool_descriptions.json');
  if (!existsSync(p)) return [];
  const all = JSON.parse(readFileSync(p, 'utf8')) as Record<string, Record<string, Record<string, unknown>>>;
  const original = originals(dir);
  const lead = dpmaLead(dir);
  const out: MpmaCase[] = [];
  for (const [kind, tools] of Object.entries(all))
    for (const [tool, v] of Object.entries(tools)) {
      const o = original.get(tool);
      if (o !== undefined) {
        out.push({ kind, variant: 'original', tool, text: o });
        if (lead !== undefined) out.push({ kind, variant: 'DPMA', tool, text: lead + o });
      }
      for (const s of STRATEGIES)
        if (typeof v[s] === 'string') out.push({ kind, variant: `GAPMA ${s}`, tool, text: v[s] as string });
      const rivals = Array.isArray(v.Competitors) ? v.Competitors : [];
      for (const c of rivals) if (typeof c === 'string') out.push({ kind, variant: 'competitor', tool, text: c });
    }
  return out;
}

const clean = (c: MpmaCase): boolean => c.variant === 'original' || c.variant === 'competitor';

/** Caught (hostile) or raised (clean) at medium or above, per half ("tuned", "held") and variant: `[hits, total]`. */
export function mpmaScore(cases: readonly MpmaCase[]): Map<string, [number, number]> {
  const { rows: out, add } = tally();
  for (const c of cases) {
    const rules = loudRulesAlone('mpma', c.tool, c.text);
    const hit = rules.size > 0;
    const half = MPMA_TUNED.has(c.kind) ? 'tuned' : 'held';
    add(`${half} ${clean(c) ? 'clean' : 'all'}`, hit);
    if (!clean(c)) add(`${half} ${MODEL_ALONE}`, byModelAlone(rules));
    add(`${half} ${c.variant}`, hit);
  }
  return out;
}

/** The lines `npm run bench:peers` prints for MPMA, or how to get a checkout. */
export function mpmaFigures(dir = process.env.MPMA_DIR): string[] {
  if (!dir)
    return [
      '\nMPMA (outside the repository): not measured — set MPMA_DIR to a checkout of github.com/cao-elaine/MPMA.',
    ];
  const cases = mpmaCases(dir);
  if (!cases.some((c) => !clean(c))) throw new Error(`${dir} holds no MPMA descriptions`);
  const score = mpmaScore(cases);
  const pct = ([a, b]: [number, number]): string => `${a}/${b} (${((a / Math.max(b, 1)) * 100).toFixed(1)}%)`;
  const get = (k: string): [number, number] => score.get(k) ?? [0, 0];
  const row = (half: string): string =>
    ['DPMA', ...STRATEGIES.map((s) => `GAPMA ${s}`), MODEL_ALONE]
      .filter((v) => score.has(`${half} ${v}`))
      .map((v) => `${v.replace(/^GAPMA (\w+)$/, (_, s: string) => `GAPMA ${STRATEGY[s]}`)} ${pct(get(`${half} ${v}`))}`)
      .join(', ');
  return [
    `\nMPMA, ${cases.filter((c) => !clean(c)).length} descriptions others rewrote to win an agent's choice of tool`,
    `  weather, time, installer, hot news, fetch (tuned on): ${pct(get('tuned all'))} — ${row('tuned')}`,
    `  HELD OUT: crypto, search, markdown (never read): ${pct(get('held all'))} — ${row('held')}`,
    `  originals and competitors (clean): ${get('tuned clean')[0] + get('held clean')[0]} of ${
      get('tuned clean')[1] + get('held clean')[1]
    } raised at medium or above`,
  ];
}
