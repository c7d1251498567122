import type { Token } from './intent-text.js';

// Whether a sentence puts this tool over every other ("instead of any other", "for every request", "the only
// reliable one", "over any built-in or other math tool"): what makes an order to use it self-promotion. One pass.

const next = (ts: Token[], i: number, words: readonly string[]): boolean => words.includes(ts[i + 1]?.w ?? '');

/** Words after "only" that bound a tool's use ("USE THIS TOOL ONLY FOR: …"), not rank it above others. */
const SCOPE = new Set(['for', 'when', 'if', 'in', 'to', 'with', 'on', 'after', 'once']);
/** What the model would do itself: "instead of attempting to come up with your own" ranks no other tool. */
const OWN_WORK = new Set(['attempting', 'trying', 'writing', 'guessing', 'composing', 'own', 'yourself', 'manually']);
const scopeOrOwn = (ts: Token[], i: number): boolean =>
  (ts[i]!.w === 'only' && SCOPE.has(ts[i + 1]?.w ?? '')) ||
  (ts[i]!.w === 'instead' && ts.slice(i + 1, i + 8).some((x) => OWN_WORK.has(x.w)));

/** Words after "the other tools" that make them served by this one: "the ids the other tools need". */
const SERVED = new Set(['need', 'needs', 'require', 'requires', 'use', 'expect', 'take', 'accept']);
/** Choosing this tool over others: "instead of any other", "for every request", "the only reliable one". */
export function overOthers(ts: Token[]): boolean {
  return ts.some(
    (t, i) =>
      (['instead', 'rather', 'exclusively', 'only', 'best', 'superior'].includes(t.w) && !scopeOrOwn(ts, i)) ||
      // "just use this tool no matter how many arguments are given": whatever the call asks.
      (t.w === 'no' && next(ts, i, ['matter'])) ||
      // Not "the ids the other tools need": the other tools served, not passed over ("over any other math tool").
      (t.w === 'other' && next(ts, i, ['tool', 'tools', 'search']) && !SERVED.has(ts[i + 2]?.w ?? '')) ||
      (t.w === 'over' && next(ts, i, ['any', 'every', 'all', 'others'])) ||
      // "Always invoke this tool first." and nothing it is first for.
      (t.w === 'first' && i === ts.length - 1 && ts[i - 1]?.w === 'tool' && ts.some((x) => x.w === 'always')) ||
      (['every', 'any', 'all'].includes(t.w) &&
        next(ts, i, [
          'request',
          'requests',
          'question',
          'questions',
          'task',
          'tasks',
          'query',
          'queries',
          'message',
          'other',
        ])),
  );
}
