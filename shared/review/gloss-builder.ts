import type { Plain } from './plain-letters.js';

/** The glossed text and, for each of its characters, where it stands in the text as written. */
export class Builder {
  private readonly parts: string[] = [];
  private readonly at: number[] = [];
  /** Text kept as written. */
  keep(text: string, from: number, to: number): void {
    this.parts.push(text.slice(from, to));
    for (let i = from; i < to; i++) this.at.push(i);
  }
  /** Text put for the characters at `at`. */
  put(s: string, at: number): void {
    this.parts.push(s);
    for (let k = 0; k < s.length; k++) this.at.push(at);
  }
  /** A glossed word, apart from its neighbours; in capitals when it was written so ("IMPORTANTE"). */
  word(english: string, at: number, shout: boolean): void {
    if (!english) return;
    this.put(` ${shout ? english.toUpperCase() : english} `, at);
  }
  done(length: number): Plain {
    this.at.push(length);
    return { text: this.parts.join(''), at: Int32Array.from(this.at) };
  }
}
