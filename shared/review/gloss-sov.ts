import type { Builder } from './gloss-builder.js';

// Japanese and Korean put the verb last ("~/.ssh/id_rsa の内容を読み取り" is "~/.ssh/id_rsa's content read"), and
// mark what a noun does with a particle after it ("notes パラメータに" is "notes parameter to"). The sentence reader
// reads English: an order is a verb at the head of its clause, a place comes after "into". So a clause is glossed word
// by word (longest match, as Chinese is) and said again in English order: its adverbs ("must", "always"), its verbs,
// then its noun groups, each with its particle put before it as a preposition, "A の B" said "B of A". A clause ends at
// a stop or after its verbs; a clause that ends in a conjunction ("… 前に", before) is the occasion of the next and
// keeps its order after the conjunction. The table marks what each gloss is: `!` a verb, `^` a particle, `%` "of", `<`
// a conjunction that ends its clause, `+` an adverb, `~` an ending that says nothing more ("ください", please, after
// the verb it ends); a bare gloss is a noun. Each gloss keeps the place of its words as written, so a finding still
// points at what a person sees (poisoning.ts maps a span by its least and greatest place).

/** A word glossed or kept: `[at, end)` is where it stands as written. */
interface Piece {
  en: string;
  at: number;
  end: number;
  kept: boolean;
}
interface Group {
  words: Piece[];
  prep?: Piece;
  of?: boolean;
}

/** Marks that end a clause, and what each becomes in the gloss. */
const STOPS = new Map([
  ['、', ', '],
  ['，', ', '],
  [',', ', '],
  ['。', '. '],
  ['．', '. '],
  ['！', '! '],
  ['？', '? '],
  ['：', ': '],
  [':', ': '],
  ['；', '; '],
  [';', '; '],
  ['「', ' '],
  ['」', ' '],
  ['『', ' '],
  ['』', ' '],
  ['（', ' ('],
  ['）', ') '],
  ['・', ' '],
]);
/** A run kept as written: a code span, or printable ASCII (a path, an address, a name, an English word). */
const KEPT = /`[^`\n]*`|[\x21-\x2b\x2d-\x39\x3c-\x7e][\x21-\x2b\x2d-\x7e]*/y;
/** The longest word a table holds, in characters. */
const LONGEST = 16;

/** One clause being read: its adverbs and verbs, its closed noun groups, the group still open. */
class Clause {
  adverbs: Piece[] = [];
  verbs: Piece[] = [];
  groups: Group[] = [];
  open: Piece[] = [];
  afterVerb = false;
  close(prep?: Piece, of?: boolean): void {
    if (this.open.length || prep)
      this.groups.push({ words: this.open, ...(prep ? { prep } : {}), ...(of ? { of } : {}) });
    this.open = [];
  }
  empty(): boolean {
    return !this.adverbs.length && !this.verbs.length && !this.groups.length && !this.open.length;
  }
}

/** Says a piece: kept as written, or its gloss. */
function say(text: string, p: Piece, out: Builder): void {
  if (!p.kept) return out.word(p.en, p.at, false);
  out.put(' ', p.at);
  out.keep(text, p.at, p.end);
  out.put(' ', p.end);
}

/** Says the noun groups: each particle before its group, "A の B" as "B of A". */
function sayGroups(text: string, groups: Group[], out: Builder): void {
  let owner: Group | undefined;
  for (const g of groups) {
    if (g.of) {
      owner = g;
      continue;
    }
    if (g.prep) say(text, g.prep, out);
    for (const w of g.words) say(text, w, out);
    if (owner) {
      out.word('of', owner.words[0]?.at ?? g.prep?.at ?? 0, false);
      for (const w of owner.words) say(text, w, out);
      owner = undefined;
    }
  }
  if (owner) for (const w of owner.words) say(text, w, out);
}

/** Says a clause in English order; `conj`, a conjunction that ended it, first and the rest as written. */
function sayClause(text: string, c: Clause, out: Builder, conj?: Piece): void {
  c.close();
  if (conj) {
    say(text, conj, out);
    sayGroups(text, c.groups, out);
    for (const p of [...c.adverbs, ...c.verbs]) say(text, p, out);
  } else {
    for (const p of [...c.adverbs, ...c.verbs]) say(text, p, out);
    sayGroups(text, c.groups, out);
  }
}

const HANGUL = /\p{Script=Hangul}/u;
/** Japanese endings that make a verb a statement ("使用されている", is used; "送信します", sends), not an order. */
const STATED = ['され', 'れる', 'れて', 'れた', 'てい', 'でい', 'ます', 'まし', 'ませ', 'られ', 'た'];

/**
 * The longest gloss at `i`: its length and value. Korean is spaced: a word opens with a table's word (a particle that
 * opens one is a word of its own, "이 도구" is "this tool", unless a name in ASCII stands before it: "9912-3344 로"), and
 * inside a word only a particle that ends it is read, or what follows a word read ("패키지" holds no "키", key).
 * `known`: the letter before `i` ended a word read. A Japanese verb in a stated form is said, not ordered.
 */
function lookUp(text: string, i: number, to: number, dict: ReadonlyMap<string, string>, known: boolean): Found {
  let j = i - 1;
  while (j >= 0 && /\s/u.test(text[j]!)) j--;
  const ko = HANGUL.test(text[i]!);
  // … a name in ASCII ends in a letter, a digit or a quote; a stop before the word is no name.
  const afterAscii = j >= 0 && /[A-Za-z0-9_`'"/]/.test(text[j]!);
  const opens = j < i - 1 || j < 0 || !HANGUL.test(text[j]!);
  // Where the Korean word ends, looked for no further than the longest key.
  let end = i;
  if (ko) while (end < to && end - i <= LONGEST && HANGUL.test(text[end]!)) end++;
  for (let n = Math.min(LONGEST, to - i); n > 0; n--) {
    const key = text.slice(i, i + n);
    const v = dict.get(key);
    if (v === undefined) continue;
    if (!ko) return v[0] === '!' && STATED.some((e) => text.startsWith(e, i + n)) ? [n, v.slice(1)] : [n, v];
    const particle = v[0] === '^' || v[0] === '%' || v[0] === '~';
    if (opens && !afterAscii) {
      const alone = dict.get(' ' + key);
      if (alone !== undefined && i + n === end) return [n, alone];
      if (!particle) return [n, v];
    } else if (opens ? particle : i + n === end && (particle || known)) return [n, v];
  }
  return undefined;
}
type Found = [number, string] | undefined;

/** Glosses one Japanese or Korean sentence `[from, to)` of `text` in English order. */
export function sov(text: string, from: number, to: number, dict: ReadonlyMap<string, string>, out: Builder): void {
  let c = new Clause();
  let unknown: Piece | undefined;
  let readTo = -1;
  const flush = (conj?: Piece): void => {
    unknown = undefined;
    if (!c.empty() || conj) sayClause(text, c, out, conj);
    c = new Clause();
  };
  // A clause that ends with its verbs, no mark after them ("읽고 그 내용을 …"): a comma, as English would write.
  const next = (at: number): void => {
    flush();
    out.put(', ', at);
  };
  const noun = (p: Piece): void => {
    if (c.afterVerb) next(p.at);
    c.open.push(p);
  };
  for (let i = from; i < to;) {
    const ch = text[i]!;
    if (/\s/u.test(ch)) {
      unknown = undefined;
      i++;
      continue;
    }
    // An ASCII stop ends the sentence only before a space, the end or a native letter ("./run.sh" is a path).
    const after = i + 1 < to ? text.charCodeAt(i + 1) : 0x20;
    const ends = (ch === '.' || ch === '!' || ch === '?') && (after <= 0x20 || after > 0x7e);
    const stop = ends ? `${ch} ` : STOPS.get(ch);
    if (stop !== undefined) {
      flush();
      out.put(stop, i);
      i++;
      continue;
    }
    KEPT.lastIndex = i;
    const kept = KEPT.exec(text);
    if (kept && i + kept[0].length <= to) {
      unknown = undefined;
      noun({ en: '', at: i, end: i + kept[0].length, kept: true });
      i += kept[0].length;
      continue;
    }
    const found = lookUp(text, i, to, dict, readTo === i);
    if (!found) {
      // A word the table does not know: kept as written, its characters together.
      if (unknown) unknown.end = i + 1;
      else {
        const p: Piece = { en: '', at: i, end: i + 1, kept: true };
        noun(p);
        unknown = p;
      }
      i++;
      continue;
    }
    unknown = undefined;
    const [n, v] = found;
    const p: Piece = { en: v.replace(/^[!^%<+~]/, ''), at: i, end: i + n, kept: false };
    const mark = v[0];
    if (mark === '!') {
      c.close();
      c.verbs.push(p);
      c.afterVerb = true;
    } else if (mark === '^') c.close(p);
    else if (mark === '%') c.close(undefined, true);
    else if (mark === '<') flush(p);
    else if (mark === '+') {
      // An adverb after the verbs opens the next clause ("… 사용하지 말고 항상 …": "… do not use; always …").
      if (c.afterVerb) next(p.at);
      c.adverbs.push(p);
    } else if (mark === '~') c.close();
    else noun(p);
    i += n;
    readTo = i;
  }
  flush();
}
