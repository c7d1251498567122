// Letters written in a styled block — mathematical bold or italic (𝗿𝗲𝗮𝗱), fullwidth (ｒｅａｄ), circled (ⓡⓔⓐⓓ) — look
// like words to a person and a model, and like nothing to a reader of words. The pattern and sentence readers read the
// plain letters they stand for (their compatibility form), and say where they are in the text as written. One pass.

/** The styled blocks: mathematical alphanumerics, fullwidth forms, circled and parenthesised letters. */
const STYLED = /[\u{1D400}-\u{1D7FF}\uFF01-\uFF5E\u24B6-\u24E9\u249C-\u24B5]/u;

/** A text with its styled letters made plain, and for each of its offsets the offset in the text as written. */
export interface Plain {
  text: string;
  /** `at[i]`: where the plain text's offset `i` stands in the text as written (one more entry, for the end). */
  at: Int32Array;
}

/** The plain reading of `text`, or undefined when it has no styled letter. */
export function plainLetters(text: string): Plain | undefined {
  if (!STYLED.test(text)) return undefined;
  const parts: string[] = [];
  const at: number[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const plain = STYLED.test(ch) ? ch.normalize('NFKC') : ch;
    parts.push(plain);
    for (let k = 0; k < plain.length; k++) at.push(i);
    i += ch.length;
  }
  at.push(text.length);
  return { text: parts.join(''), at: Int32Array.from(at) };
}
