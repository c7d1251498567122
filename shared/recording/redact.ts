import { REDACTED } from './marker.js';
import { pointerOf } from '../collections/pointer.js';
import { secretName, secretValue } from '../collections/secrets.js';

/**
 * What a recording leaves out: every string the console takes for a secret, in every message both ways.
 *
 * - in a request's params, a string under a key named like a secret (`apiKey`, `token`, `authorization`, …);
 * - anywhere, a string with a token's shape (the collection recorder's list: `sk-…`, `ghp_…`, a JWT, `Bearer …`, a
 *   private key), whole or inside a longer text;
 * - anywhere after, a value once taken out (a tool that echoes the key it was given).
 *
 * Each becomes {@link REDACTED}; a secret inside a longer text is replaced there and the rest kept. The pointers of
 * the strings changed are returned, so the line says where. One pass over each message, each string tested against
 * one combined pattern and the values learnt (at most {@link MAX_LEARNT}).
 */
export const MAX_LEARNT = 256;
/** A value shorter than this is not searched for inside other texts (it would match inside ordinary words). */
const MIN_LEARNT_LENGTH = 6;

/** The token shapes of `secretValue`, unanchored, to find one inside a longer text. */
const EMBEDDED = new RegExp(
  [
    String.raw`\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}`,
    String.raw`\bgh[pousr]_[A-Za-z0-9]{30,}`,
    String.raw`\bgithub_pat_[A-Za-z0-9_]{40,}`,
    String.raw`\bxox[abposr]-[A-Za-z0-9-]{10,}`,
    String.raw`\b(?:AKIA|ASIA)[A-Z0-9]{16}\b`,
    String.raw`\bAIza[0-9A-Za-z_-]{35}`,
    String.raw`\bglpat-[A-Za-z0-9_-]{20,}`,
    String.raw`\bnpm_[A-Za-z0-9]{36}`,
    String.raw`\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}`,
    String.raw`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`,
    String.raw`\bBearer[ \t]+[A-Za-z0-9._~+/=-]{12,}`,
    // Bounded both ways: a key's body is a few kilobytes, and an unbounded lazy run per BEGIN would scan to the end.
    String.raw`-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----(?:[\s\S]{0,8192}?-----END (?:[A-Z]+ )?PRIVATE KEY-----|[A-Za-z0-9+/=\s]{0,8192})`,
  ].join('|'),
  'g',
);

export class Redactor {
  private learnt: string[] = [];

  /** `message` with its secrets taken out (a copy where anything changed), and the pointers of what was. */
  message(message: unknown, request: boolean): { message: unknown; redacted: string[] } {
    const redacted: string[] = [];
    const walk = (v: unknown, path: Array<string | number>, named: boolean): unknown => {
      if (typeof v === 'string') {
        const out = this.text(v, named);
        if (out !== v) redacted.push(pointerOf(path));
        return out;
      }
      if (Array.isArray(v)) {
        let copy: unknown[] | undefined;
        v.forEach((x, i) => {
          const y = walk(x, [...path, i], named);
          if (y !== x) (copy ??= [...v])[i] = y;
        });
        return copy ?? v;
      }
      if (v && typeof v === 'object') {
        let copy: Record<string, unknown> | undefined;
        for (const [k, x] of Object.entries(v)) {
          // Names count only inside a request's params (a result's `token` may be a page token, not a secret).
          const y = walk(x, [...path, k], named || (request && path[0] === 'params' && secretName(k)));
          if (y !== x) (copy ??= { ...(v as Record<string, unknown>) })[k] = y;
        }
        return copy ?? v;
      }
      return v;
    };
    return { message: walk(message, [], false), redacted };
  }

  /** A header's or any other loose value: the same rules, without names. */
  value(v: string): string {
    return this.text(v, false);
  }

  private text(s: string, named: boolean): string {
    if (s === REDACTED || s.length === 0) return s;
    if (named || secretValue(s) || this.learnt.includes(s)) {
      this.learn(s);
      return REDACTED;
    }
    let out = s;
    if (out.length >= 16)
      out = out.replace(EMBEDDED, (m) => {
        this.learn(m);
        return REDACTED;
      });
    for (const v of this.learnt)
      if (v.length >= MIN_LEARNT_LENGTH && out.includes(v)) out = out.split(v).join(REDACTED);
    return out;
  }

  private learn(s: string): void {
    if (this.learnt.includes(s)) return;
    if (this.learnt.length >= MAX_LEARNT) this.learnt.shift();
    this.learnt.push(s);
  }
}
