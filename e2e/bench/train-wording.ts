/**
 * Trains the review's wording model (rule P10, shared/review/wording.ts) and writes it as data
 * (shared/review/wording-model.ts): `npm run train:wording` with a copy of each published corpus named —
 * MCPTOX_JSON (github.com/zhiqiangwang4/MCPTox-Benchmark), VIGIL_DIR (github.com/Touring-686/VIGIL) and MPMA_DIR
 * (github.com/cao-elaine/MPMA). Their texts stay outside the repository; what ships is a weight per feature.
 *
 * What it learns from: the halves of each corpus that were read and tuned on (MCPTox's even positions, VIGIL's banking
 * and Slack suites, MPMA's weather, time, installer, hot news and fetch servers) as poisoned; the 834 tools of the 56
 * real servers in e2e/review/real/servers.json, and the clean originals of VIGIL (every other one) and of MPMA's tuned
 * half, as honest. The held-out halves never reach it, so the figures `npm run bench:peers` prints on them say how the
 * model meets text it has not seen. The same inputs give the same weights: no randomness, a fixed order.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { wordingFeatures } from '../../shared/review/wording.js';
import { mcptoxCases } from './review-outside.js';
import { MPMA_TUNED, mpmaCases } from './review-mpma.js';
import { VIGIL_TUNED, vigilCases } from './review-vigil.js';

/** One labelled text: 1 poisoned, 0 honest. */
export interface Example {
  text: string;
  y: 0 | 1;
}

export interface TrainOptions {
  epochs?: number;
  rate?: number;
  l2?: number;
  /** A feature is learnt only when at least this many training texts have it. */
  minTexts?: number;
}

/** Each text's distinct features. */
function featureSet(text: string): string[] {
  const seen = new Set<string>();
  wordingFeatures(text, (key) => seen.add(key));
  return [...seen];
}

/**
 * Logistic regression by stochastic gradient descent in the examples' order, poisoned texts weighed up to balance the
 * classes, an L2 penalty on each step. Returns the bias and every learnt weight, rounded to three places.
 */
export function trainWording(
  examples: readonly Example[],
  opts: TrainOptions = {},
): { bias: number; weights: Map<string, number> } {
  const { epochs = 30, rate = 0.05, l2 = 0.001, minTexts = 3 } = opts;
  const xs = examples.map((e) => ({ f: featureSet(e.text), y: e.y }));
  const df = new Map<string, number>();
  for (const x of xs) for (const k of x.f) df.set(k, (df.get(k) ?? 0) + 1);
  const kept = xs.map((x) => ({ f: x.f.filter((k) => df.get(k)! >= minTexts), y: x.y }));
  const pos = kept.filter((x) => x.y).length;
  const up = pos ? (kept.length - pos) / pos : 1;
  const w = new Map<string, number>();
  let bias = 0;
  for (let e = 0; e < epochs; e++)
    for (const x of kept) {
      let z = bias;
      for (const k of x.f) z += w.get(k) ?? 0;
      const g = (1 / (1 + Math.exp(-z)) - x.y) * (x.y ? up : 1);
      bias -= rate * g * 0.1;
      for (const k of x.f) {
        const v = w.get(k) ?? 0;
        w.set(k, v - rate * (g + l2 * v));
      }
    }
  const weights = new Map<string, number>();
  for (const [k, v] of [...w].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const r = Math.round(v * 1000) / 1000;
    if (r !== 0) weights.set(k, r);
  }
  return { bias: Math.round(bias * 1000) / 1000, weights };
}

/**
 * The model as the TypeScript module the review imports: strings of `feature=weight` pairs, each up to
 * MODEL_LINE characters (a literal: wider than the code's width, so the data stays a few dozen lines).
 */
export function modelSource(
  m: { bias: number; weights: Map<string, number> },
  threshold: number,
  from: string,
): string {
  const lines: string[] = [];
  let line = '';
  for (const [k, v] of m.weights) {
    const pair = `${k}=${v}`;
    if (line && line.length + pair.length + 1 > MODEL_LINE) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${pair}` : pair;
  }
  if (line) lines.push(line);
  return [
    '// Written by `npm run train:wording` (e2e/bench/train-wording.ts): do not edit by hand.',
    ...wrap(`Trained on ${from}.`, 117).map((l) => `// ${l}`),
    'export const WORDING_MODEL = {',
    `  bias: ${m.bias},`,
    `  threshold: ${threshold},`,
    '  weights: [',
    ...lines.map((l) => `    ${JSON.stringify(l)},`),
    '  ],',
    '};',
    '',
  ].join('\n');
}

/** How long one string of the model's data may be. */
const MODEL_LINE = 2_000;

/** Prose wrapped at `width` columns, at spaces. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/** The training set from the three corpora's tuned halves and the honest texts named above. */
export function trainingSet(mcptox: string, vigil: string, mpma: string, realServers: string): Example[] {
  const out: Example[] = [];
  mcptoxCases(JSON.parse(readFileSync(mcptox, 'utf8'))).forEach((c, i) => {
    if (i % 2 === 0) out.push({ text: c.description, y: 1 });
  });
  let cleanSeen = 0;
  for (const c of vigilCases(vigil))
    if (c.type === 'clean') {
      if (cleanSeen++ % 2 === 0) out.push({ text: c.text, y: 0 });
    } else if (VIGIL_TUNED.has(c.suite)) out.push({ text: c.text, y: 1 });
  for (const c of mpmaCases(mpma))
    if (MPMA_TUNED.has(c.kind))
      out.push({ text: c.text, y: c.variant === 'original' || c.variant === 'competitor' ? 0 : 1 });
  const { servers } = JSON.parse(readFileSync(realServers, 'utf8')) as {
    servers: { tools: { description?: string }[] }[];
  };
  for (const s of servers) for (const t of s.tools) if (t.description) out.push({ text: t.description, y: 0 });
  return out;
}

/** The alarm: a text scoring at or above it is a finding. */
export const WORDING_THRESHOLD = 0.97;

function main(): void {
  const { MCPTOX_JSON, VIGIL_DIR, MPMA_DIR } = process.env;
  if (!MCPTOX_JSON || !VIGIL_DIR || !MPMA_DIR) {
    console.error('set MCPTOX_JSON, VIGIL_DIR and MPMA_DIR to copies of the three corpora (see this file)');
    process.exit(2);
  }
  const examples = trainingSet(MCPTOX_JSON, VIGIL_DIR, MPMA_DIR, resolve('e2e/review/real/servers.json'));
  const pos = examples.filter((e) => e.y).length;
  const model = trainWording(examples);
  const from = `${pos} poisoned and ${examples.length - pos} honest texts (MCPTox even, VIGIL banking+slack, MPMA tuned; real servers, clean originals)`;
  const out = resolve('shared/review/wording-model.ts');
  writeFileSync(out, modelSource(model, WORDING_THRESHOLD, from));
  console.log(`wrote ${out}: ${model.weights.size} weights, bias ${model.bias}, from ${from}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
