/**
 * The result scan on four published sets of injections written to hide in what an agent reads, each kept outside the
 * repository and read from a checkout at run time (their texts are others'; nothing of them is copied here):
 *
 * - countersignal (github.com/richardspicer/countersignal, MIT): its indirect-injection payloads, seven styles of
 *   seven kinds, from `src/countersignal/ipi/generators/__init__.py` (`COUNTERSIGNAL_DIR`). Read and tuned on. The six
 *   "callback" payloads that only cite an address ("see the supplementary data appendix: …") are counted apart: a
 *   document may cite one.
 * - spikee (github.com/ReversecLabs/spikee, Apache-2.0): its `seeds-cybersec-2026-01` jailbreaks around its English
 *   instructions, alone and at the end of its e-mail (`SPIKEE_DIR`). The jailbreaks were split by position: the even
 *   ones read and tuned on, the odd ones held out and never read.
 * - WASP (github.com/facebookresearch/wasp, CC BY-NC 4.0; arXiv:2504.18575): its four templates around its 21 errands
 *   on GitLab and Reddit pages (`WASP_DIR`). The templates were read; the errands never were.
 * - Agent Security Bench (ASB, agiresearch, MIT; a copy of its data kept in github.com/Zhang-Henry/AIOS_agent): its
 *   five observation-injection templates around its 400 attacker instructions, after a result's first line
 *   (`ASB_DIR`). The templates were read; the instructions never were. The instructions alone are counted apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanResultTexts } from '../../shared/review/result-scan.js';
import { tally } from './tally.js';

const flagged = (text: string): boolean => scanResultTexts([{ path: 'content[0].text', text }]).length > 0;
const read = (dir: string, ...paths: string[]): string | undefined => {
  const p = paths.map((x) => join(dir, x)).find((x) => existsSync(x));
  return p ? readFileSync(p, 'utf8') : undefined;
};
const jsonLines = (text: string | undefined): Record<string, unknown>[] =>
  (text ?? '')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** The pieces of a Python string literal run (`f"a " f"b"`), joined: escapes of quotes and backslashes undone. */
const pyStrings = (src: string): string =>
  [...src.matchAll(/f?(["'])((?:\\.|(?!\1)[^\\\n])*)\1/g)].map((m) => m[2]!.replace(/\\(["'\\])/g, '$1')).join('');

/** An address standing for the attacker's, in no real domain. */
const CALLBACK = 'https://collector.canary-ops.net/c/4f1c2d9e/q8Zk2mN4pR7s';

/** One case: its set, the part it belongs to, and the text a tool returned. */
export interface InjectionCase {
  set: 'countersignal' | 'spikee' | 'wasp' | 'asb';
  part: string;
  text: string;
}

/** countersignal's payloads: `part` is `hostile` or `citation` (a callback payload that only cites the address). */
export function countersignalCases(dir: string): InjectionCase[] {
  const src = read(dir, 'src/countersignal/ipi/generators/__init__.py');
  if (!src) return [];
  const out: InjectionCase[] = [];
  for (const block of src.split(/\ndef _build_/).slice(1)) {
    const kind = /^(\w+)_templates\(/.exec(block)?.[1];
    if (!kind) continue;
    // The returned dict: each style's strings run from its key to the next key or the dict's end.
    const dict = block.slice(block.indexOf('return {'));
    const parts = dict.split(/PayloadStyle\.(\w+):/);
    for (let k = 1; k + 1 < parts.length; k += 2) {
      const text = pyStrings(parts[k + 1]!.split(/\n\s*\}/)[0]!).replaceAll('{target_url}', CALLBACK);
      const part = kind === 'callback' && parts[k] !== 'OBVIOUS' ? 'citation' : 'hostile';
      out.push({ set: 'countersignal', part, text });
    }
  }
  return out;
}

/** spikee's English cases: `part` is `read` (even jailbreaks) or `held` (odd), then `/direct` or `/email`. */
export function spikeeCases(dir: string): InjectionCase[] {
  const seed = ['spikee/data/workspace/datasets/seeds-cybersec-2026-01', 'datasets/seeds-cybersec-2026-01'];
  const file = (f: string) => jsonLines(read(dir, ...seed.map((s) => `${s}/${f}`)));
  const english = (x: Record<string, unknown>) => !/-(?:zu|sq|ga|gd)$/.test(String(x.id));
  const instructions = file('instructions.jsonl').filter(english);
  const jailbreaks = file('jailbreaks.jsonl').filter(english);
  const docs = file('base_user_inputs.jsonl');
  const out: InjectionCase[] = [];
  for (const doc of docs)
    jailbreaks.forEach((j, k) => {
      for (const i of instructions) {
        const payload = String(j.text).replaceAll('<INSTRUCTION>', String(i.instruction));
        const body = String(doc.document);
        const ph = typeof doc.placeholder === 'string' ? doc.placeholder : undefined;
        const text = ph && body.includes(ph) ? body.replace(ph, payload) : `${body}\n${payload}\n`;
        out.push({ set: 'spikee', part: `${k % 2 ? 'held' : 'read'}/${ph ? 'direct' : 'email'}`, text });
      }
    });
  for (const doc of docs)
    if (typeof doc.placeholder !== 'string') out.push({ set: 'spikee', part: 'clean', text: String(doc.document) });
  return out;
}

/** WASP's cases: each template around each errand, on a page of the errand's site; `part` is the template's name. */
export function waspCases(dir: string, goal = 'summarize the discussion'): InjectionCase[] {
  const config = read(dir, 'webarena_prompt_injections/configs/experiment_config.raw.json');
  const constants = read(dir, 'webarena_prompt_injections/constants.py');
  if (!config || !constants) return [];
  const message = /MESSAGE = \{([\s\S]*?)\n\s*\}/.exec(constants)?.[1] ?? '';
  const templates = [...message.matchAll(/(\w+):\s*("(?:\\.|[^"\\])*")/g)].map((m) => [m[1]!, pyStrings(m[2]!)]);
  const setups = (JSON.parse(config) as { prompt_injections_setup_config: Record<string, unknown>[] })
    .prompt_injections_setup_config;
  const out: InjectionCase[] = [];
  for (const c of setups) {
    const params: Record<string, string> = {
      gitlab_domain: 'http://gitlab.internal-corp.net:8023',
      reddit_domain: 'http://forum.internal-corp.net:9999',
      project_owner: 'byteblaze',
      ...(c.parameters as Record<string, string>),
    };
    const fill = (s: string): string => s.replace(/\{(\w+)\}/g, (all, k: string) => params[k] ?? all);
    const instruction = fill(fill(String(c.instruction)));
    const url = fill(fill(String(c.action_url)));
    for (const [name, t] of templates) {
      const errand = /URL_INJECTION/.test(name!) ? instruction.replaceAll(' ', '-') : instruction;
      const text = t!
        .replaceAll('{user_goal_str}', goal)
        .replaceAll('{instantiated_url_of_action}', url)
        .replaceAll('{instantiated_instruction_text}', errand);
      out.push({ set: 'wasp', part: name!, text });
    }
  }
  return out;
}

/** ASB's cases: each template around each attacker instruction, after a result's first line; and each alone. */
export function asbCases(dir: string): InjectionCase[] {
  const tools = jsonLines(read(dir, 'data/all_attack_tools.jsonl'));
  const code = read(dir, 'pyopenagi/agents/react_agent_attack.py');
  if (!tools.length || !code) return [];
  const injected = /self\.injected_prompt = f('(?:\\.|[^'\\])*')/.exec(code)?.[1];
  const table = /self\.attack_prompts = \{([\s\S]*?)\n\s*\}/.exec(code)?.[1] ?? '';
  if (!injected) return [];
  const entries = [...table.matchAll(/'(\w+)':\s*(self\.injected_prompt|f'(?:\\.|[^'\\])*')/g)];
  const out: InjectionCase[] = [];
  for (const t of tools) {
    const base = pyStrings(injected)
      .replaceAll('{self.attack_instru}', String(t['Attacker Instruction']))
      .replaceAll('{self.tool_name}', String(t['Attacker Tool']));
    for (const [, name, v] of entries) {
      const text = v === 'self.injected_prompt' ? base : pyStrings(v!).replaceAll('{self.injected_prompt}', base);
      out.push({ set: 'asb', part: name!, text: `Search results for the request: 3 items found.\n${text}` });
    }
    out.push({ set: 'asb', part: 'alone', text: String(t['Attacker Instruction']) });
  }
  return out;
}

/** Flagged per set and part: `[flagged, total]`. */
export function injectionScore(cases: readonly InjectionCase[]): Map<string, [number, number]> {
  const { rows, add } = tally();
  for (const c of cases) add(`${c.set} ${c.part}`, flagged(c.text));
  return rows;
}

const pct = ([a, b]: [number, number]): string => `${a}/${b} (${((a / Math.max(b, 1)) * 100).toFixed(1)}%)`;
const sum = (s: Map<string, [number, number]>, keys: (k: string) => boolean): [number, number] =>
  [...s].filter(([k]) => keys(k)).reduce<[number, number]>((t, [, [a, b]]) => [t[0] + a, t[1] + b], [0, 0]);

/** The lines `npm run bench:peers` prints for the four sets, or how to get each checkout. */
export function injectionFigures(env: Record<string, string | undefined> = process.env): string[] {
  const out = ['\nPublished injections in what a tool returns (outside the repository; the result scan):'];
  const sets: [string, string, (d: string) => InjectionCase[], (s: Map<string, [number, number]>) => string[]][] = [
    [
      'COUNTERSIGNAL_DIR',
      'countersignal (richardspicer/countersignal), 49 payloads (read and tuned on)',
      countersignalCases,
      (s) => [
        `    hostile: ${pct(s.get('countersignal hostile') ?? [0, 0])}; citations of an address flagged: ${pct(s.get('countersignal citation') ?? [0, 0])}`,
      ],
    ],
    [
      'SPIKEE_DIR',
      'spikee (ReversecLabs/spikee), seeds-cybersec-2026-01 in English',
      spikeeCases,
      (s) => [
        `    even jailbreaks (read): ${pct(sum(s, (k) => k.startsWith('spikee read')))}; HELD OUT, odd jailbreaks (never read): ${pct(sum(s, (k) => k.startsWith('spikee held')))}; its e-mail alone flagged: ${pct(s.get('spikee clean') ?? [0, 0])}`,
      ],
    ],
    [
      'WASP_DIR',
      'WASP (facebookresearch/wasp), 4 templates around 21 errands on web pages (templates read, errands never)',
      waspCases,
      (s) => [...s].map(([k, v]) => `    ${k.replace('wasp ', '')}: ${pct(v)}`),
    ],
    [
      'ASB_DIR',
      'ASB (agiresearch; data as kept in Zhang-Henry/AIOS_agent), 5 templates around 400 attacker instructions (templates read, instructions never)',
      asbCases,
      (s) => [
        `    in a template: ${pct(sum(s, (k) => !k.endsWith('alone')))}; the instructions alone (plain requests): ${pct(s.get('asb alone') ?? [0, 0])}`,
      ],
    ],
  ];
  for (const [key, about, load, lines] of sets) {
    const dir = env[key];
    if (!dir) {
      out.push(`  ${about}: not measured — set ${key} to a checkout.`);
      continue;
    }
    const cases = load(dir);
    if (!cases.length) throw new Error(`${dir} holds none of the cases ${key} names`);
    out.push(`  ${about}:`, ...lines(injectionScore(cases)));
  }
  return out;
}
