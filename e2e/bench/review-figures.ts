/**
 * Our review's figures on every corpus, per rule: what `npm run bench:peers` prints beside the
 * peers. A hostile case is caught when any finding reaches medium; the rule that caught it is the
 * loudest finding's. A clean case with a finding at medium or above is a false alarm, counted
 * against that finding's rule. Real servers count false alarms per 100 tools.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SchemaValidator } from '../../electron/core/calls/index.js';
import { reviewServers } from '../../shared/review/review-run.js';
import { SEVERITY_RANK } from '../../shared/review/rules.js';
import type { Finding } from '../../shared/schemas/review.js';
import { CLEAN } from '../review/clean.js';
import type { CorpusCase } from '../review/corpus-kit.js';
import { HELD_OUT, SECOND_ROUND } from '../review/held-out.js';
import { HOSTILE } from '../review/hostile.js';
import { PUBLIC_CLEAN, PUBLIC_HELD_OUT, PUBLIC_HELD_OUT_TWO, PUBLIC_TUNE } from '../review/public-cases.js';
import {
  PUBLIC_CLEAN_FIVE,
  PUBLIC_CLEAN_FOUR,
  PUBLIC_CLEAN_SIX,
  PUBLIC_CLEAN_THREE,
  PUBLIC_HELD_OUT_FIVE,
  PUBLIC_HELD_OUT_FOUR,
  PUBLIC_HELD_OUT_SIX,
  PUBLIC_HELD_OUT_THREE,
} from '../review/public-cases-later.js';
import { PUBLIC_CLEAN_SEVEN, PUBLIC_HELD_OUT_SEVEN } from '../review/public-cases-seven.js';
import { PUBLIC_CLEAN_EIGHT, PUBLIC_HELD_OUT_EIGHT } from '../review/public-cases-eight.js';
import { PUBLIC_CLEAN_NINE, PUBLIC_HELD_OUT_NINE } from '../review/public-cases-nine.js';
import { PUBLIC_CLEAN_TEN, PUBLIC_HELD_OUT_TEN } from '../review/public-cases-ten.js';
import { PUBLIC_CLEAN_ELEVEN, PUBLIC_HELD_OUT_ELEVEN } from '../review/public-cases-eleven.js';
import { PUBLIC_CLEAN_TWELVE, PUBLIC_HELD_OUT_TWELVE } from '../review/public-cases-twelve.js';
import { PUBLIC_CLEAN_THIRTEEN, PUBLIC_HELD_OUT_THIRTEEN } from '../review/public-cases-thirteen.js';
import { PUBLIC_CLEAN_FOURTEEN, PUBLIC_HELD_OUT_FOURTEEN } from '../review/public-cases-fourteen.js';
import { PUBLIC_CLEAN_FIFTEEN, PUBLIC_HELD_OUT_FIFTEEN } from '../review/public-cases-fifteen.js';
import { PUBLIC_CLEAN_SIXTEEN, PUBLIC_HELD_OUT_SIXTEEN } from '../review/public-cases-sixteen.js';
import { PUBLIC_CLEAN_SEVENTEEN, PUBLIC_HELD_OUT_SEVENTEEN } from '../review/public-cases-seventeen.js';
import { PUBLIC_CLEAN_EIGHTEEN, PUBLIC_HELD_OUT_EIGHTEEN } from '../review/public-cases-eighteen.js';
import { PUBLIC_CLEAN_NINETEEN, PUBLIC_HELD_OUT_NINETEEN } from '../review/public-cases-nineteen.js';
import { PUBLIC_CLEAN_TWENTY, PUBLIC_HELD_OUT_TWENTY } from '../review/public-cases-twenty.js';
import { PUBLIC_CLEAN_TWENTYONE, PUBLIC_HELD_OUT_TWENTYONE } from '../review/public-cases-twentyone.js';
import { PUBLIC_CLEAN_TWENTYTWO, PUBLIC_HELD_OUT_TWENTYTWO } from '../review/public-cases-twentytwo.js';
import { PUBLIC_CLEAN_TWENTYTHREE, PUBLIC_HELD_OUT_TWENTYTHREE } from '../review/public-cases-twentythree.js';
import { PUBLIC_CLEAN_TWENTYFOUR, PUBLIC_HELD_OUT_TWENTYFOUR } from '../review/public-cases-twentyfour.js';
import { PUBLIC_CLEAN_TWENTYFIVE, PUBLIC_HELD_OUT_TWENTYFIVE } from '../review/public-cases-twentyfive.js';
import { PUBLIC_CLEAN_TWENTYSIX, PUBLIC_HELD_OUT_TWENTYSIX } from '../review/public-cases-twentysix.js';
import { PUBLIC_CLEAN_TWENTYSEVEN, PUBLIC_HELD_OUT_TWENTYSEVEN } from '../review/public-cases-twentyseven.js';
import { PUBLIC_CLEAN_TWENTYEIGHT, PUBLIC_HELD_OUT_TWENTYEIGHT } from '../review/public-cases-twentyeight.js';
import { ROUND_THREE_CLEAN, ROUND_THREE_HOSTILE } from '../review/round-three.js';
import { RESULTS_CLEAN, RESULTS_HELD_OUT } from '../review/public-results.js';
import { installedReadmes } from '../review/readmes.js';
import { resultTexts, scanResultTexts } from '../../shared/review/result-scan.js';
import { ROUND_TWO_CLEAN, ROUND_TWO_HOSTILE } from '../review/round-two.js';
import { THIRD_ROUND } from '../review/third-round.js';

const validator = new SchemaValidator();
const loud = (f: Finding): boolean => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium;
const loudest = (fs: Finding[]): Finding | undefined =>
  fs.filter(loud).sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity])[0];

interface Figures {
  hostile: number;
  clean: number;
  caught: number;
  alarms: number;
  /** Per rule: hostile cases it was the loudest finding of, and clean cases it raised an alarm on. */
  rules: Map<string, { caught: number; alarms: number }>;
}

function measure(cases: readonly CorpusCase[]): Figures {
  const f: Figures = { hostile: 0, clean: 0, caught: 0, alarms: 0, rules: new Map() };
  const rule = (id: string) => f.rules.get(id) ?? (f.rules.set(id, { caught: 0, alarms: 0 }), f.rules.get(id)!);
  for (const c of cases) {
    const found = reviewServers(c.servers, { checkSchema: (s) => validator.metaProblems(s) });
    const top = loudest(found);
    if (c.expect.length) {
      f.hostile++;
      if (top) {
        f.caught++;
        rule(top.rule).caught++;
      }
    } else {
      f.clean++;
      if (top) {
        f.alarms++;
        rule(top.rule).alarms++;
      }
    }
  }
  return f;
}

const pct = (a: number, b: number): string => (b ? `${((a / b) * 100).toFixed(1)}%` : '—');

/** One line per corpus, then per rule; the held-out corpora are marked and never tuned on. */
export function reviewFigures(): string[] {
  const corpora: [string, readonly CorpusCase[]][] = [
    [
      'our rounds one and two (tuned)',
      [...HOSTILE, ...CLEAN, ...SECOND_ROUND, ...ROUND_TWO_HOSTILE, ...ROUND_TWO_CLEAN],
    ],
    ['round three (tuned)', [...ROUND_THREE_HOSTILE, ...ROUND_THREE_CLEAN]],
    ['published, tune half', [...PUBLIC_TUNE, ...PUBLIC_CLEAN]],
    ['HELD OUT: published, other half', PUBLIC_HELD_OUT],
    ['HELD OUT: published, second half', PUBLIC_HELD_OUT_TWO],
    ['HELD OUT: published, third half', [...PUBLIC_HELD_OUT_THREE, ...PUBLIC_CLEAN_THREE]],
    ['HELD OUT: published, fourth half', [...PUBLIC_HELD_OUT_FOUR, ...PUBLIC_CLEAN_FOUR]],
    ['HELD OUT: published, fifth half', [...PUBLIC_HELD_OUT_FIVE, ...PUBLIC_CLEAN_FIVE]],
    ['HELD OUT: published, sixth half', [...PUBLIC_HELD_OUT_SIX, ...PUBLIC_CLEAN_SIX]],
    ['HELD OUT: published, seventh half', [...PUBLIC_HELD_OUT_SEVEN, ...PUBLIC_CLEAN_SEVEN]],
    ['HELD OUT: published, eighth half', [...PUBLIC_HELD_OUT_EIGHT, ...PUBLIC_CLEAN_EIGHT]],
    ['HELD OUT: poisoned real tools, ninth half', [...PUBLIC_HELD_OUT_NINE, ...PUBLIC_CLEAN_NINE]],
    ["HELD OUT: generators' shapes on real tools, tenth half", [...PUBLIC_HELD_OUT_TEN, ...PUBLIC_CLEAN_TEN]],
    ['HELD OUT: new wordings on real tools, eleventh half', [...PUBLIC_HELD_OUT_ELEVEN, ...PUBLIC_CLEAN_ELEVEN]],
    ['HELD OUT: new structures on real tools, twelfth half', [...PUBLIC_HELD_OUT_TWELVE, ...PUBLIC_CLEAN_TWELVE]],
    [
      'HELD OUT: hedged policy voice on real tools, thirteenth half',
      [...PUBLIC_HELD_OUT_THIRTEEN, ...PUBLIC_CLEAN_THIRTEEN],
    ],
    [
      'HELD OUT: documentary voices on real tools, fourteenth half',
      [...PUBLIC_HELD_OUT_FOURTEEN, ...PUBLIC_CLEAN_FOURTEEN],
    ],
    ['HELD OUT: terse, technical text, fifteenth half', [...PUBLIC_HELD_OUT_FIFTEEN, ...PUBLIC_CLEAN_FIFTEEN]],
    [
      'HELD OUT: five everyday domains, plain register, sixteenth half',
      [...PUBLIC_HELD_OUT_SIXTEEN, ...PUBLIC_CLEAN_SIXTEEN],
    ],
    ['HELD OUT: errands that last, seventeenth half', [...PUBLIC_HELD_OUT_SEVENTEEN, ...PUBLIC_CLEAN_SEVENTEEN]],
    [
      'HELD OUT: plain register, other domains, eighteenth half',
      [...PUBLIC_HELD_OUT_EIGHTEEN, ...PUBLIC_CLEAN_EIGHTEEN],
    ],
    [
      'HELD OUT: a generated benchmark’s openers, nineteenth half',
      [...PUBLIC_HELD_OUT_NINETEEN, ...PUBLIC_CLEAN_NINETEEN],
    ],
    [
      'HELD OUT: MCPTox’s three paradigms on pairs of real tools, twentieth half',
      [...PUBLIC_HELD_OUT_TWENTY, ...PUBLIC_CLEAN_TWENTY],
    ],
    [
      'HELD OUT: a generated benchmark’s other families on five domains, twenty-first half',
      [...PUBLIC_HELD_OUT_TWENTYONE, ...PUBLIC_CLEAN_TWENTYONE],
    ],
    [
      'HELD OUT: twenty other services in other words, twenty-second half',
      [...PUBLIC_HELD_OUT_TWENTYTWO, ...PUBLIC_CLEAN_TWENTYTWO],
    ],
    [
      'HELD OUT: a documentation voice, the errand mid-text, twenty-third half',
      [...PUBLIC_HELD_OUT_TWENTYTHREE, ...PUBLIC_CLEAN_TWENTYTHREE],
    ],
    [
      'HELD OUT: errands said as plain facts, twenty-fourth half',
      [...PUBLIC_HELD_OUT_TWENTYFOUR, ...PUBLIC_CLEAN_TWENTYFOUR],
    ],
    [
      'HELD OUT: plain facts in other words, twenty-fifth half',
      [...PUBLIC_HELD_OUT_TWENTYFIVE, ...PUBLIC_CLEAN_TWENTYFIVE],
    ],
    [
      'HELD OUT: facts and orders in a benchmark’s voice, twenty-sixth half',
      [...PUBLIC_HELD_OUT_TWENTYSIX, ...PUBLIC_CLEAN_TWENTYSIX],
    ],
    [
      'HELD OUT: every family on new services, twenty-seventh half',
      [...PUBLIC_HELD_OUT_TWENTYSEVEN, ...PUBLIC_CLEAN_TWENTYSEVEN],
    ],
    [
      'HELD OUT: templates and facts on new services, twenty-eighth half',
      [...PUBLIC_HELD_OUT_TWENTYEIGHT, ...PUBLIC_CLEAN_TWENTYEIGHT],
    ],
    ['HELD OUT: our first held-out round', HELD_OUT],
    ['HELD OUT: the third round', THIRD_ROUND],
  ];
  const out = [
    '',
    'our review per corpus (a case is caught at medium or above; precision = caught / (caught + clean cases alarmed))',
  ];
  for (const [name, cases] of corpora) {
    const f = measure(cases);
    out.push(
      `  ${name.padEnd(38)} hostile ${String(f.hostile).padStart(3)}  recall ${pct(f.caught, f.hostile).padStart(6)}  clean ${String(f.clean).padStart(3)}  false alarms ${String(f.alarms).padStart(2)}  precision ${pct(f.caught, f.caught + f.alarms).padStart(6)}`,
    );
    const rules = [...f.rules].sort(([a], [b]) => a.localeCompare(b));
    out.push(
      `    by rule: ${rules.map(([id, r]) => `${id} ${r.caught}${r.alarms ? ` (${r.alarms} false)` : ''}`).join(', ') || '—'}`,
    );
  }
  const { servers } = JSON.parse(readFileSync(resolve('e2e/review/real/servers.json'), 'utf8')) as {
    servers: { package: string; version: string; tools: Record<string, unknown>[] }[];
  };
  let tools = 0;
  const loudTools = new Set<string>();
  const perRule = new Map<string, number>();
  let highs = 0;
  for (const s of servers) {
    tools += s.tools.length;
    for (const x of reviewServers([{ id: s.package, tools: s.tools }]).filter(loud)) {
      loudTools.add(`${s.package} ${x.subject}`);
      perRule.set(x.rule, (perRule.get(x.rule) ?? 0) + 1);
      if (x.severity === 'high') highs++;
    }
  }
  out.push(
    `  real npm servers (honest text)       ${servers.length} servers, ${tools} tools: ${highs} high findings, ${loudTools.size} tools at medium or above = ${((loudTools.size / tools) * 100).toFixed(2)} false alarms per 100 tools`,
    `    by rule: ${[...perRule].map(([id, n]) => `${id} ${n}`).join(', ') || '—'}`,
  );
  // The held-out halves' hostile descriptions, each read as if a tool had returned it.
  const descriptions = corpora
    .filter(([name]) => name.startsWith('HELD OUT'))
    .flatMap(([, cases]) => cases.filter((c) => c.expect.length))
    .flatMap((c) => c.servers.flatMap((sv) => sv.tools.map((t) => (t as { description?: unknown }).description)))
    .filter((d): d is string => typeof d === 'string' && d.length > 0);
  return [...out, ...resultFigures(descriptions)];
}

/** The result scan: the held-out poisoned results, honest results that order people, installed packages' READMEs. */
function resultFigures(descriptions: readonly string[]): string[] {
  const rules = new Map<string, number>();
  const loudOf = (result: Parameters<typeof resultTexts>[0]): boolean => {
    const found = scanResultTexts(resultTexts(result).texts);
    for (const f of found.slice(0, 1)) rules.set(f.rule, (rules.get(f.rule) ?? 0) + 1);
    return found.length > 0;
  };
  const caught = RESULTS_HELD_OUT.filter((c) => loudOf(c.result)).length;
  const alarms = RESULTS_CLEAN.filter((c) => loudOf(c.result)).length;
  const files = installedReadmes();
  const readmes = files.filter((f) => loudOf({ content: [{ type: 'text', text: readFileSync(f, 'utf8') }] })).length;
  const asResults = descriptions.filter((text) => loudOf({ content: [{ type: 'text', text }] })).length;
  return [
    '',
    'the result scan (a result is flagged at medium or above)',
    `  HELD OUT: poisoned results              hostile ${RESULTS_HELD_OUT.length}  recall ${pct(caught, RESULTS_HELD_OUT.length)}  clean ${RESULTS_CLEAN.length}  false alarms ${alarms}`,
    `  READMEs of installed packages (honest)  ${files.length} read as results: ${readmes} flagged = ${pct(readmes, files.length)}`,
    `  HELD OUT: poisoned descriptions read as results  ${descriptions.length}: ${asResults} flagged = ${pct(asResults, descriptions.length)} (a description speaks to the model by being one; a result must say so)`,
    `    by rule (loudest finding): ${[...rules].map(([id, n]) => `${id} ${n}`).join(', ') || '—'}`,
  ];
}
