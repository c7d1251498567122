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

/** What each ASCII character is to the reader, one lookup a character: 1 a space, 2 a letter, 4 a word's ' or -. */
const CLASS = new Uint8Array(128);
for (const c of [32, 9, 10, 13, 12]) CLASS[c] = 1;
for (let c = 65; c <= 90; c++) CLASS[c] = CLASS[c + 32] = 2;
CLASS[39] = CLASS[45] = 4;
const space = (c: number): boolean => (c < 128 ? CLASS[c] === 1 : c === 0xa0);
const letter = (c: number): boolean => c < 128 && CLASS[c] === 2;
const wordPart = (c: number): boolean => c < 128 && (CLASS[c]! & 6) !== 0;

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
  for (let k = 0; k < SUFFIXES.length; k++) {
    const x = SUFFIXES[k]!;
    if (j - s - x.length >= 3 && endsAt(t, j - x.length, x)) return j - x.length;
  }
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
/** FNV-1a of a string's UTF-16 units, all 32 bits. */
function fnv(key: string): number {
  let h = FNV_BASIS;
  for (let k = 0; k < key.length; k++) h = fold(h, key.charCodeAt(k));
  return h;
}
/** A pair of neighbours' hash from the two tokens' own: one multiply-and-shift mix, no second pass over letters. */
const pairOf = (a: number, b: number): number => {
  const h = Math.imul(a ^ (b >>> 15), 0x2c1b3c6d) ^ Math.imul(b, 0x297a2d39);
  return (h ^ (h >>> 13)) & 0x3fffffff;
};
/**
 * What a feature's key is looked up by, to 30 bits: FNV-1a of a token's key; for a pair ("you_must": no token holds
 * "_"), its two tokens' FNV mixed.
 */
export function featureHash(key: string): number {
  const cut = key.indexOf('_');
  return cut < 0 ? fnv(key) & 0x3fffffff : pairOf(fnv(key.slice(0, cut)), fnv(key.slice(cut + 1)));
}
const KIND_HASH = new Map(['zcode', 'zurl', 'zemail', 'zpath', 'zident'].map((k) => [k, fnv(k)]));

/**
 * The same features as wordingFeatures, each as the hash of its key (featureHash), computed as the text is read:
 * what the review scores by, without a string made for any feature.
 */
export function wordingHashes(
  text: string,
  each: (hash: number, start: number, end: number, sentence: number) => void,
): void {
  let prev = 0;
  let prevStart = -1;
  scanTokens(text, (start, end, stemAt, kind, sentence) => {
    let h = FNV_BASIS;
    if (kind) h = KIND_HASH.get(kind)!;
    else
      for (let k = start; k < stemAt; k++) {
        const c = text.charCodeAt(k);
        h = Math.imul(h ^ (c >= 65 && c <= 90 ? c | 32 : c), 0x01000193);
      }
    each(h & 0x3fffffff, start, end, sentence);
    if (prevStart >= 0) each(pairOf(prev, h), prevStart, end, sentence);
    prev = h;
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

/**
 * A model's weights by their keys' hashes, in an open-addressed table (two keys of one hash add up), with a stamp a
 * slot: a feature is counted once a text by stamping its slot with the text's number, not by a set made for it.
 */
interface Table {
  keys: Int32Array;
  weights: Float64Array;
  stamps: Uint32Array;
  mask: number;
  text: number;
}

const tables = new WeakMap<WordingModel, Table>();

/** The slot of a hash in the table, or -1: a multiplicative probe start, then the next slots. */
function slotOf(t: Table, h: number): number {
  for (let i = Math.imul(h, 0x9e3779b1) & t.mask; ; i = (i + 1) & t.mask) {
    const k = t.keys[i]!;
    if (k === h) return i;
    if (k === -1) return -1;
  }
}

function tableOf(model: WordingModel): Table {
  let t = tables.get(model);
  if (t) return t;
  let size = 16;
  while (size < model.weights.size * 4) size *= 2;
  t = {
    keys: new Int32Array(size).fill(-1),
    weights: new Float64Array(size),
    stamps: new Uint32Array(size),
    mask: size - 1,
    text: 0,
  };
  for (const [k, w] of model.weights) {
    const h = featureHash(k);
    let i = slotOf(t, h);
    if (i < 0) for (i = Math.imul(h, 0x9e3779b1) & t.mask; t.keys[i] !== -1; i = (i + 1) & t.mask);
    t.keys[i] = h;
    t.weights[i] = t.weights[i]! + w;
  }
  tables.set(model, t);
  return t;
}

/** A new number for the text about to be read: its features' slots are stamped with it. */
function nextText(t: Table): number {
  if (++t.text === 0xffffffff) {
    t.stamps.fill(0);
    t.text = 1;
  }
  return t.text;
}

/** The model's score of a text: its distinct features' weights summed with the bias, squashed to 0–1. */
export function wordingScore(text: string, model: WordingModel = wordingModel()): number {
  const t = tableOf(model);
  const n = nextText(t);
  let z = model.bias;
  wordingHashes(text, (h) => {
    const i = slotOf(t, h);
    if (i < 0 || t.stamps[i] === n) return;
    t.stamps[i] = n;
    z += t.weights[i]!;
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
  // Most texts score under the alarm: the score alone first, the explanation only for those over it.
  if (wordingScore(text, model) < model.threshold) return undefined;
  const t = tableOf(model);
  const n = nextText(t);
  const kept: { hash: number; start: number; end: number; sentence: number; w: number }[] = [];
  // Where each sentence begins and ends, by its number: features come in order of their sentences.
  const bounds = new Map<number, [number, number]>();
  let open: [number, number] = [0, 0];
  let at = -1;
  let z = model.bias;
  wordingHashes(text, (hash, start, end, sentence) => {
    if (sentence !== at) bounds.set((at = sentence), (open = [start, end]));
    else if (end > open[1]) open[1] = end;
    const i = slotOf(t, hash);
    if (i < 0 || t.stamps[i] === n) return;
    t.stamps[i] = n;
    const w = t.weights[i]!;
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
