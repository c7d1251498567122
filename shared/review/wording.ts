import type { Hit } from './hidden.js';
import type { Severity } from './rule.js';
import { ruleById, SEVERITY_RANK } from './rules.js';
import { WORDING_MODEL } from './wording-model.js';

// The review's trained reading (rule P10): a logistic regression over a description's words and pairs of words,
// trained by `npm run train:wording` (e2e/bench/train-wording.ts) on published poisoned descriptions against real
// servers' honest ones, shipped as data (wording-model.ts). It reads a text worded the way published poisonings are,
// where the sentence rules have no pattern, and says which words weighed. One pass, one lookup a feature: linear.

/** Where each feature of a text goes: its key, the characters it was read from, the sentence (from 0) it closes. */
export type FeatureSink = (key: string, start: number, end: number, sentence: number) => void;

/** How much of a text the model reads (the pattern rules' own limit). */
export const WORDING_MAX_CHARS = 65_536;

const SUFFIXES = ['ing', 'ed', 'es', 's', 'ly'] as const;

/** A word without its commonest ending, when at least three letters stay: "calling" and "called" are "call". */
export function stem(w: string): string {
  for (const s of SUFFIXES) if (w.length - s.length >= 3 && w.endsWith(s)) return w.slice(0, -s.length);
  return w;
}

const space = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 0xa0;
const letter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const wordPart = (c: number): boolean => letter(c) || c === 39 || c === 45;

/** What a run of text without spaces stands for when it is no word: an address, a path, an identifier. */
function kindOf(chunk: string): string | undefined {
  if (chunk.includes('://')) return 'zurl';
  const at = chunk.indexOf('@');
  if (at > 0 && chunk.indexOf('.', at) > at + 1) return 'zemail';
  let b = 0;
  while (b < chunk.length && '("\'['.includes(chunk[b]!)) b++;
  if ((chunk.startsWith('/', b) || chunk.startsWith('~/', b)) && chunk.length - b > 2) return 'zpath';
  if (/[A-Za-z]_[A-Za-z]/.test(chunk)) return 'zident';
  return undefined;
}

/** ":", "/", "@", "_", "~": a run without one of them is words and nothing else. */
const markOf = (c: number): boolean => c === 58 || c === 47 || c === 64 || c === 95 || c === 126;
/** ".", "!", "?", ":", ";" closing a run end its sentence. */
const stopOf = (c: number): boolean => c === 46 || c === 33 || c === 63 || c === 58 || c === 59;

/** Where each token goes: its characters, where its stem ends (a word's), its kind (no word's), its sentence. */
type TokenSink = (start: number, end: number, stemEnd: number, kind: string | undefined, sentence: number) => void;

/** Whether `t` holds `suffix` (lower case) at `at`, in either case. */
function endsAt(t: string, at: number, suffix: string): boolean {
  for (let k = 0; k < suffix.length; k++) if ((t.charCodeAt(at + k) | 32) !== suffix.charCodeAt(k)) return false;
  return true;
}

/** Where the stem of the word at `s`–`j` ends: `stem` on the text in place. */
function stemEnd(t: string, s: number, j: number): number {
  for (const x of SUFFIXES) if (j - s - x.length >= 3 && endsAt(t, j - x.length, x)) return j - x.length;
  return j;
}

/** Every token of a text in order, with its sentence: the one pass both ways of reading features share. */
function scanTokens(text: string, token: TokenSink): void {
  const t = text.length > WORDING_MAX_CHARS ? text.slice(0, WORDING_MAX_CHARS) : text;
  const n = t.length;
  let sentence = 0;
  let code = -1;
  let i = 0;
  while (i < n) {
    let broke = false;
    for (; i < n && space(t.charCodeAt(i)); i++) if (t.charCodeAt(i) === 10) broke = true;
    if (broke && code < 0) sentence++;
    if (i >= n) break;
    const from = i;
    let ticks = 0;
    let marks = false;
    for (; i < n; i++) {
      const c = t.charCodeAt(i);
      if (space(c)) break;
      if (c === 96) ticks++;
      else if (markOf(c)) marks = true;
    }
    // A span in backticks, over one run or several (up to 200 characters), is one token.
    if (code >= 0 || ticks) {
      if (code < 0 && ticks % 2 === 0) token(from, i, i, 'zcode', sentence);
      else if (code < 0) code = from;
      else if (ticks % 2 === 1 || i - code > 200) {
        token(code, i, i, 'zcode', sentence);
        code = -1;
      }
      if (code >= 0) continue;
    } else {
      const kind = marks ? kindOf(t.slice(from, i)) : undefined;
      if (kind) token(from, i, i, kind, sentence);
      else
        for (let j = from; j < i;) {
          if (!letter(t.charCodeAt(j))) {
            j++;
            continue;
          }
          const s = j;
          while (j < i && j - s < 31 && wordPart(t.charCodeAt(j))) j++;
          if (j - s >= 2) token(s, j, stemEnd(t, s, j), undefined, sentence);
          while (j < i && wordPart(t.charCodeAt(j))) j++;
        }
    }
    if (stopOf(t.charCodeAt(i - 1))) sentence++;
  }
  if (code >= 0) token(code, n, n, 'zcode', sentence);
}

/**
 * Every feature of a text in order: each word's stem (letters, at most 31 of them; an address, a path, an identifier
 * or a span in backticks as one token of its kind) and each pair of neighbouring tokens joined by "_". A sentence
 * ends at a run's closing ".", "!", "?", ":" or ";", and at a line break. What training reads.
 */
export function wordingFeatures(text: string, each: FeatureSink): void {
  let prevKey = '';
  let prevStart = -1;
  scanTokens(text, (start, end, stemAt, kind, sentence) => {
    const key = kind ?? text.slice(start, stemAt).toLowerCase();
    each(key, start, end, sentence);
    if (prevStart >= 0) each(`${prevKey}_${key}`, prevStart, end, sentence);
    prevKey = key;
    prevStart = start;
  });
}

const FNV_BASIS = 0x811c9dc5;
const fold = (h: number, c: number): number => Math.imul(h ^ c, 0x01000193);
/** FNV-1a of a string's UTF-16 units, to 30 bits: what a feature's key is looked up by. */
export function featureHash(key: string): number {
  let h = FNV_BASIS;
  for (let k = 0; k < key.length; k++) h = fold(h, key.charCodeAt(k));
  return h & 0x3fffffff;
}

/**
 * The same features as wordingFeatures, each as the hash of its key (featureHash), computed as the text is read:
 * what the review scores by, without a string made for any feature.
 */
export function wordingHashes(
  text: string,
  each: (hash: number, start: number, end: number, sentence: number) => void,
): void {
  let prevFull = 0;
  let prevStart = -1;
  scanTokens(text, (start, end, stemAt, kind, sentence) => {
    let h = FNV_BASIS;
    let pair = prevStart >= 0 ? fold(prevFull, 95) : 0;
    if (kind)
      for (let k = 0; k < kind.length; k++) {
        h = fold(h, kind.charCodeAt(k));
        pair = fold(pair, kind.charCodeAt(k));
      }
    else
      for (let k = start; k < stemAt; k++) {
        let c = text.charCodeAt(k);
        if (c >= 65 && c <= 90) c |= 32;
        h = fold(h, c);
        pair = fold(pair, c);
      }
    each(h & 0x3fffffff, start, end, sentence);
    if (prevStart >= 0) each(pair & 0x3fffffff, prevStart, end, sentence);
    prevFull = h;
    prevStart = start;
  });
}

/** The model as trained: its bias, its alarm and a weight for each feature it kept. */
export interface WordingModel {
  bias: number;
  threshold: number;
  weights: ReadonlyMap<string, number>;
}

let loaded: WordingModel | undefined;

/** The weights as the model's data holds them: lines of `feature=weight` pairs. */
export function parseWeights(lines: readonly string[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const line of lines)
    for (const pair of line.split(' ')) {
      const at = pair.lastIndexOf('=');
      if (at > 0) weights.set(pair.slice(0, at), Number(pair.slice(at + 1)));
    }
  return weights;
}

/** The shipped model, read from its data once. */
export function wordingModel(): WordingModel {
  return (loaded ??= {
    bias: WORDING_MODEL.bias,
    threshold: WORDING_MODEL.threshold,
    weights: parseWeights(WORDING_MODEL.weights),
  });
}

const byHash = new WeakMap<WordingModel, Map<number, number>>();

/** A model's weights by their keys' hashes (two keys of one hash add up: one lookup a feature either way). */
function hashed(model: WordingModel): Map<number, number> {
  let m = byHash.get(model);
  if (!m) {
    m = new Map();
    for (const [k, w] of model.weights) {
      const h = featureHash(k);
      m.set(h, (m.get(h) ?? 0) + w);
    }
    byHash.set(model, m);
  }
  return m;
}

/** The model's score of a text: its distinct features' weights summed with the bias, squashed to 0–1. */
export function wordingScore(text: string, model: WordingModel = wordingModel()): number {
  const weights = hashed(model);
  const seen = new Set<number>();
  let z = model.bias;
  wordingHashes(text, (h) => {
    const w = weights.get(h);
    if (w === undefined || seen.has(h)) return;
    seen.add(h);
    z += w;
  });
  return 1 / (1 + Math.exp(-z));
}

/** What the model found in a text at or above its alarm: the score, the sentence that weighed most, its words. */
export interface WordingRead {
  score: number;
  start: number;
  end: number;
  /** The text's words that weighed most toward the alarm, as written, heaviest first. */
  words: string[];
}

/** Words that weigh but say nothing to a person who reads why: not shown among a finding's words. */
const PLAIN = new Set(
  'a an and are as at be by for from has in is it its of on or that the this to was with'
    .split(' ')
    .map((w) => featureHash(stem(w))),
);

/** The text read by the model; undefined under its alarm. */
export function wordingRead(text: string, model: WordingModel = wordingModel()): WordingRead | undefined {
  const weights = hashed(model);
  const seen = new Set<number>();
  const kept: { hash: number; start: number; end: number; sentence: number; w: number }[] = [];
  // Where each sentence begins and ends, by its number: features come in order of their sentences.
  const bounds = new Map<number, [number, number]>();
  let open: [number, number] = [0, 0];
  let at = -1;
  let z = model.bias;
  wordingHashes(text, (hash, start, end, sentence) => {
    if (sentence !== at) bounds.set((at = sentence), (open = [start, end]));
    else if (end > open[1]) open[1] = end;
    const w = weights.get(hash);
    if (w === undefined || seen.has(hash)) return;
    seen.add(hash);
    z += w;
    if (w > 0) kept.push({ hash, start, end, sentence, w });
  });
  const score = 1 / (1 + Math.exp(-z));
  if (score < model.threshold || !kept.length) return undefined;
  const bySentence = new Map<number, number>();
  for (const f of kept) bySentence.set(f.sentence, (bySentence.get(f.sentence) ?? 0) + f.w);
  let top = kept[0]!.sentence;
  for (const [s, w] of bySentence) if (w > bySentence.get(top)!) top = s;
  const heaviest = [...kept].sort((a, b) => b.w - a.w || a.start - b.start);
  const words: string[] = [];
  for (const f of heaviest) {
    if (PLAIN.has(f.hash)) continue;
    const raw = text.slice(f.start, f.end).replace(/\s+/g, ' ');
    const shown = raw.length > 40 ? `${raw.slice(0, 39)}…` : raw;
    if (!words.includes(shown)) words.push(shown);
    if (words.length === 4) break;
  }
  const [start, end] = bounds.get(top)!;
  return { score, start, end, words };
}

/** Words a tool's name shares with another's without sharing its business: "get_weather" and "get_secret". */
const GENERIC = new Set(
  'get set list read write create update delete remove add run call use fetch search find check tool data info all new by'
    .split(' ')
    .map(stem),
);

/** The words of a tool's name (`archive_board`, "getQuote"), lower case and stemmed, generic ones left out. */
export function nameWords(name: string): Set<string> {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/);
  return new Set(
    words
      .filter((w) => w.length > 1)
      .map(stem)
      .filter((w) => !GENERIC.has(w)),
  );
}

/** The words of the tool names a sentence writes in code or as identifiers (`list_boards`, get_plan). */
function calledWords(sentence: string): Set<string> {
  const out = new Set<string>();
  let inCode = false;
  for (const part of sentence.split('`')) {
    for (const chunk of inCode ? [part] : part.split(/\s+/))
      if (inCode || chunk.includes('_')) for (const w of nameWords(chunk)) out.add(w);
    inCode = !inCode;
  }
  return out;
}

/** A finding that fails a review at medium. */
const loud = (h: Hit & { severity?: Severity }): boolean =>
  SEVERITY_RANK[h.severity ?? ruleById(h.rule).severity] >= SEVERITY_RANK.medium;

/**
 * The trained model's finding on a tool's description (rule P10), or undefined under its alarm. Read only where no
 * other finding of the text is loud and no poisoning rule read anything in it: where a rule weighed a sentence (the
 * same server's guidance kept low), its weighing stands. Guidance that calls a tool sharing this tool's own name
 * ("Before archiving boards, call `list_boards`") may serve the tool's own use, kept at most low: the finding is low.
 */
export function wordingHit(
  text: string,
  toolName: string,
  hits: readonly (Hit & { severity?: Severity })[],
): (Hit & { severity?: Severity }) | undefined {
  if (hits.some((h) => h.rule.startsWith('P') || loud(h))) return undefined;
  const w = wordingRead(text);
  if (!w) return undefined;
  const own = nameWords(toolName);
  const shared = [...calledWords(text.slice(w.start, w.end))].filter((x) => own.has(x));
  const words = w.words.map((x) => `“${x}”`).join(', ');
  const model = wordingModel();
  const message = `worded like published poisoned descriptions: the trained model scores this text ${w.score.toFixed(2)} (alarm at ${model.threshold}); the sentence shown weighed most, and these words most of all: ${words}. No rule read an order in it: read it as the model would`;
  return shared.length
    ? {
        rule: 'P10',
        start: w.start,
        end: w.end,
        severity: 'low',
        message: `${message}. The tool it calls shares this tool’s name (${shared.join(', ')}): guidance that may serve the tool’s own use, so low`,
      }
    : { rule: 'P10', start: w.start, end: w.end, message };
}
