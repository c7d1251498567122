import type { Severity } from './rules.js';

// What a pattern rule is made of, shared by the files that hold the patterns.

/** A heuristic: a rule, a pattern, and optionally a severity that depends on the match. */
export interface Pattern {
  rule: string;
  /** Lower-case words of which the text must hold one before the pattern runs (a cheap first look). */
  needs: string[];
  re: RegExp;
  message: string;
  /** Decides the severity from the match and its sentence; null drops the match (a legit use). */
  grade?: (match: string, sentence: string, near: string) => Severity | null;
  /** Says what the sentence does, when `message` would say something else (a tool describing what it returns). */
  say?: (match: string, sentence: string) => string | undefined;
  /**
   * A second pattern that must match inside what `re` found; the finding then ends where it ends.
   * `re` finds a run in one greedy pass and this one starts only at its own first character, so a
   * rule that needs "a URL, then somewhere in it a slot" stays linear in the text's length.
   */
  within?: RegExp;
}

const W = String.raw`[\s*_"'\x60]+`; // words are separated by spaces and markdown emphasis
/** A pattern whose spaces match any run of spaces and emphasis marks (` ?` is an optional run). */
export const P = (src: string): RegExp => new RegExp(src.replaceAll(' ?', `(?:${W})?`).replaceAll(' ', W), 'giu');
