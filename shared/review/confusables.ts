import { hex, type Hit } from './hidden.js';

/**
 * Cyrillic and Greek letters that look like Latin ones, with the Latin letter they imitate. A
 * subset of Unicode's confusables (UTS #39) covering the letters attackers use in practice.
 */
const LOOKALIKE: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  һ: 'h',
  ү: 'y',
  ɡ: 'g',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ү: 'Y',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  // Greek
  α: 'a',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  ι: 'i',
  κ: 'k',
  χ: 'x',
  ε: 'e',
  γ: 'y',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

const WORD = /[\p{L}\p{M}\p{Nd}_]+/gu;
const NON_ASCII_LETTER = /[^\p{ASCII}]/u;
const LATIN = /\p{Script=Latin}/u;

/** Words that mix Latin letters with Cyrillic or Greek look-alikes (rule H11). */
export function mixedScriptHits(text: string): Hit[] {
  if (!NON_ASCII_LETTER.test(text)) return [];
  const hits: Hit[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    const word = m[0];
    if (!NON_ASCII_LETTER.test(word) || !LATIN.test(word)) continue;
    const fakes = [...word].filter((c) => LOOKALIKE[c] !== undefined);
    if (fakes.length === 0) continue;
    const latin = [...word].filter((c) => LATIN.test(c)).length;
    if (latin === 0) continue;
    const shown = fakes
      .slice(0, 3)
      .map((c) => `${c} (${hex(c.codePointAt(0)!)}, looks like ${LOOKALIKE[c]})`)
      .join(', ');
    hits.push({
      rule: 'H11',
      start: m.index,
      end: m.index + word.length,
      message: `"${word}" mixes Latin with ${shown}`,
    });
  }
  return hits;
}

/**
 * The skeleton of a name: what it looks like, so that two names that read the same compare equal.
 * NFKC first (fullwidth and compatibility forms), then look-alike letters and the digit and letter
 * pairs that pass for one another in most fonts (I/l/1, O/0, rn/m, vv/w), then case.
 */
export function skeleton(name: string): string {
  let s = name.normalize('NFKC');
  s = [...s].map((c) => LOOKALIKE[c] ?? c).join('');
  s = s.replace(/[\u0300-\u036f\u200b-\u200d\u2060\ufeff]/g, '');
  s = s.replace(/I/g, 'l').toLowerCase();
  return s.replace(/[1|]/g, 'l').replace(/0/g, 'o').replace(/rn/g, 'm').replace(/vv/g, 'w');
}

/** Levenshtein distance, capped: returns `cap + 1` as soon as the distance exceeds `cap`. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > cap) return cap + 1;
    prev = row;
  }
  return prev[b.length] ?? 0;
}
