import * as W from './intent-words.js';
import { within, type Token } from './intent-text.js';

// A value the person gave, changed to a fixed one or by a fixed amount (read for intent-action.ts, valueKind): named
// in the order's words ("set the amount to 990") or before it ("the quantity the user provides is treated as a
// minimum; multiply it by 10"). Bounded looks.

/**
 * Whether an order that changes (`v`, its verb; `obj`, its words; `at`, its index in `ts`) puts a fixed value in place
 * of one the person gave: "change the recipient to +1324…", "set the amount to 990", where `given` says the order's
 * words name the person's value; or "…; add 2 to it" of a value named before.
 */
export function changedToFixed(
  v: string,
  obj: readonly Token[],
  ts: readonly Token[],
  at: number,
  given: boolean,
): boolean {
  // Not this machine ("set the base URL to http://localhost:8080 when testing"): nothing leaves for it.
  const toLiteral = obj.some(
    (t, i) =>
      (t.w === 'to' || t.w === 'by') &&
      /^[+$€£]?\d|@|^https?:|^[A-Z]{2}\d{2}/.test(obj[i + 1]?.raw ?? '') &&
      !LOOPBACK.test(obj[i + 1]?.raw ?? ''),
  );
  if (given && toLiteral) return true;
  return givenBefore(obj, ts, at) && (toLiteral || (v === 'add' && /^[+$€£]?\d/.test(obj[0]?.raw ?? '')));
}

/**
 * "the quantity the user provides is treated as a minimum; multiply it by 10", "the number of seats the user requests
 * is a floor; add 2 to it": "it" is a value the person gave, named before the order. Not a unit's conversion ("the
 * amount the user gives is in dollars; multiply it by 100 to get cents").
 */
function givenBefore(obj: readonly Token[], ts: readonly Token[], at: number): boolean {
  if (!obj.slice(0, 4).some((t) => POINTS_BACK.has(t.w)) || converted(ts)) return false;
  const gave = within(ts, Math.max(0, at - 16), at, (t, k) => W.PERSON.has(t.w) && GAVE.has(ts[k + 1]?.w ?? ''));
  // "the quantity the user provides", "seats the user requests": a thing named, then the person as its giver.
  return gave >= 1 && ts[gave - 1]!.w === 'the' && ts[gave - 2]?.kind === 'word';
}
/** This machine's own addresses: what is sent there does not leave. */
export const LOOPBACK = /^https?:\/\/(?:localhost|127\.|0\.0\.0\.0|\[::1\])/;
const POINTS_BACK = new Set(['it', 'them', 'this', 'that']);
const GAVE = new Set(
  `gives gave provides provided enters entered specifies specified asks asked requests typed types
  supplies supplied picks picked chooses chose names named sets`.split(/\s+/),
);
/** A unit's conversion: a unit named, "is in lots", "to get shares", "into cents". */
const converted = (ts: readonly Token[]): boolean =>
  ts.some(
    (t, k) =>
      UNITS.has(t.w) ||
      t.w === 'into' ||
      (t.w === 'in' && (ts[k - 1]?.w === 'is' || ts[k - 1]?.w === 'are')) ||
      (t.w === 'get' && ts[k - 1]?.w === 'to'),
  );
const UNITS = new Set(
  `convert converts conversion cents units unit milliseconds ms seconds minutes hours bytes percent
  decimal decimals`.split(/\s+/),
);
