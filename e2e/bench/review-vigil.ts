/**
 * The review on VIGIL (github.com/Touring-686/VIGIL): poisoned docstrings generated over AgentDojo's banking, Slack,
 * travel and workspace tools — an override of the person's parameters (type I-A), a tool made a prerequisite or a
 * follow-up of another (I-B), shortcut tools sold over the standard ones (II-A) and traps set in required parameters
 * (II-B) — beside AgentDojo's own docstrings as the clean originals. Its texts are others' and stay outside the
 * repository: `VIGIL_DIR=<a checkout> npm run bench:peers` reads them from its Python sources. Banking and Slack are
 * the half read and tuned on (and the trained reading's); travel was held out until 2026-12-06 (39 of its 62 texts
 * caught then, read from then on); workspace is held out and was never read for its misses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { byModelAlone, loudRulesAlone, MODEL_ALONE, tally } from './tally.js';

/** One text of the corpus: its suite, its attack type (or "clean"), the tool it describes. */
export interface VigilCase {
  suite: string;
  type: string;
  tool: string;
  text: string;
}

const SUITES = ['banking', 'slack', 'travel', 'workspace'];
/** The half read and tuned on, and the trained reading's (train-wording.ts); the rest was held out. */
export const VIGIL_TUNED = new Set(['banking', 'slack']);
/** Held out until its first figure was taken (2026-12-06: 39 of its 62 texts), then read: tuned on, not trained on. */
export const VIGIL_READ = new Set(['travel']);

/** Module-level `NAME = "value"` (or a number, or another such name) assignments: what a template's `{NAME}` holds. */
function constants(src: string): Map<string, string> {
  const out = new Map<string, string>();
  const assign = /^([A-Z][A-Z0-9_]*)\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)'|(-?\d[\d.]*)|([A-Z][A-Z0-9_]*))[ \t]*(?:#.*)?$/gm;
  for (const m of src.matchAll(assign)) {
    const value = m[2] ?? m[3] ?? m[4] ?? out.get(m[5] ?? '');
    if (value !== undefined) out.set(m[1]!, value);
  }
  return out;
}

/** The block a `NAME = {` assignment opens, to the first line that closes it at the same indent. */
function block(src: string, name: string): string | undefined {
  const open = new RegExp(`^([ \\t]*)${name}[ \\t]*=[ \\t]*\\{[ \\t]*$`, 'm').exec(src);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const close = new RegExp(`^${open[1]}\\}`, 'm');
  close.lastIndex = 0;
  const rest = src.slice(start);
  const end = close.exec(rest);
  // Entries commented out ("#     "read_file": …") are not the corpus's.
  return end ? rest.slice(0, end.index).replace(/^[ \t]*#.*$/gm, '') : undefined;
}

/** `"key": """text"""` entries of a block, its `{NAME}` placeholders filled from the module's constants. */
function entries(text: string, env: Map<string, string>): [string, string][] {
  const out: [string, string][] = [];
  for (const m of text.matchAll(/"(\w+)":\s*f?"""([\s\S]*?)"""/g))
    out.push([m[1]!, m[2]!.replace(/\{([A-Z][A-Z0-9_]*)\}/g, (all, k: string) => env.get(k) ?? all)]);
  return out;
}

/** Top-level functions' docstrings, of the names given (or all). */
function docstrings(src: string, names?: ReadonlySet<string>): [string, string][] {
  const out: [string, string][] = [];
  // The signature may span lines; it never runs into the next function (one without a docstring has none).
  for (const m of src.matchAll(/^def (\w+)\((?:(?!\ndef )[\s\S])*?\)[^:\n]*:\s*\n\s*(?:r?"""([\s\S]*?)""")/gm))
    if (!m[1]!.startsWith('_') && (!names || names.has(m[1]!)) && m[2]?.trim()) out.push([m[1]!, cleandoc(m[2])]);
  return out;
}

/** A docstring as Python's `inspect.cleandoc` gives it: the common indent of its later lines taken off. */
function cleandoc(doc: string): string {
  const lines = doc.split('\n');
  const indents = lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(cut).trimEnd())].join('\n').trim();
}

/** Every poisoned text of a checkout, and AgentDojo's own docstrings as the clean originals (type "clean"). */
export function vigilCases(dir: string): VigilCase[] {
  const out: VigilCase[] = [];
  const read = (p: string): string => (existsSync(p) ? readFileSync(p, 'utf8') : '');
  for (const suite of SUITES) {
    const base = join(dir, 'src/agentdojo/adverseral_tool', suite);
    if (!existsSync(base)) continue;
    for (const file of readdirSync(base).sort()) {
      const src = read(join(base, file));
      const kind = /^(type_\w+?)(?:_injection_tasks)?\.py$/.exec(file)?.[1];
      if (!kind) continue;
      if (file.endsWith('_injection_tasks.py') && kind.startsWith('type_i_')) {
        const vectors = block(src, 'INJECTION_VECTORS');
        for (const [tool, text] of vectors ? entries(vectors, constants(src)) : [])
          out.push({ suite, type: kind, tool, text });
      } else if (file === 'type_i_b.py') {
        const docs = block(src, 'DOCSTRINGS') ?? '';
        // Each category runs to the next one's header (its closing brace is not always indented as it opened).
        const parts = docs.split(/^[ \t]*"(\w+)":[ \t]*\{[ \t]*$/m);
        for (let k = 1; k + 1 < parts.length; k += 2)
          for (const [tool, text] of entries(parts[k + 1]!, new Map()))
            out.push({ suite, type: `type_i_b_${parts[k]}`, tool, text });
      } else if (/^type_ii_[ab]\.py$/.test(file)) {
        const listed = /^MALICIOUS_TOOLS\s*=\s*\[([\s\S]*?)\]/m.exec(src)?.[1];
        const names = listed ? new Set([...listed.matchAll(/"(\w+)"/g)].map((m) => m[1]!)) : undefined;
        for (const [tool, text] of docstrings(src, names?.size ? names : undefined))
          // "{DOCSTRING_PLACEHOLDER:x}": a text the checkout leaves to be generated, no poisoning to read.
          if (!PLACEHOLDER.test(text)) out.push({ suite, type: kind, tool, text });
      }
    }
  }
  const tools = join(dir, 'src/agentdojo/default_suites/v1/tools');
  if (existsSync(tools))
    for (const file of readdirSync(tools).sort())
      if (file.endsWith('.py'))
        for (const [tool, text] of docstrings(read(join(tools, file))))
          out.push({ suite: file.slice(0, -3), type: 'clean', tool, text });
  return out;
}

const PLACEHOLDER = /^\s*\{DOCSTRING_PLACEHOLDER:\w+\}\s*$/;

/** Caught at medium or above, per part ("tuned", "read", "held") and type: `[caught, total]`; clean texts: "clean". */
export function vigilScore(cases: readonly VigilCase[]): Map<string, [number, number]> {
  const { rows: out, add } = tally();
  for (const c of cases) {
    const rules = loudRulesAlone('vigil', c.tool, c.text);
    const hit = rules.size > 0;
    if (c.type === 'clean') add('clean', hit);
    else {
      const half = VIGIL_TUNED.has(c.suite) ? 'tuned' : VIGIL_READ.has(c.suite) ? 'read' : 'held';
      add(`${half} all`, hit);
      add(`${half} ${MODEL_ALONE}`, byModelAlone(rules));
      add(`${half} ${c.type.replace(/^type_/, '')}`, hit);
    }
  }
  return out;
}

/** The lines `npm run bench:peers` prints for VIGIL, or how to get a checkout. */
export function vigilFigures(dir = process.env.VIGIL_DIR): string[] {
  if (!dir)
    return [
      '\nVIGIL (outside the repository): not measured — set VIGIL_DIR to a checkout of github.com/Touring-686/VIGIL.',
    ];
  const cases = vigilCases(dir);
  if (!cases.some((c) => c.type !== 'clean')) throw new Error(`${dir} holds no VIGIL adversarial tools`);
  const score = vigilScore(cases);
  const pct = ([a, b]: [number, number]): string => `${a}/${b} (${((a / Math.max(b, 1)) * 100).toFixed(1)}%)`;
  const row = (half: string): string =>
    [...score]
      .filter(([k]) => k.startsWith(`${half} `) && k !== `${half} all`)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k.slice(half.length + 1)} ${pct(v)}`)
      .join(', ');
  const clean = score.get('clean') ?? [0, 0];
  return [
    `\nVIGIL, ${cases.length - clean[1]} poisoned docstrings others generated over AgentDojo's tools, each reviewed alone`,
    `  banking and Slack (tuned on): ${pct(score.get('tuned all') ?? [0, 0])} — ${row('tuned')}`,
    `  travel (held out until 2026-12-06, 39/62 then; read since): ${pct(score.get('read all') ?? [0, 0])} — ${row('read')}`,
    `  HELD OUT: workspace (never read): ${pct(score.get('held all') ?? [0, 0])} — ${row('held')}`,
    `  AgentDojo's own docstrings (clean originals): ${clean[0]} of ${clean[1]} raised at medium or above`,
  ];
}
