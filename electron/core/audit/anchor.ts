import { existsSync } from 'node:fs';
import { AUDIT_LOG_MAX, isMissing, readPlacedText } from '../support/index.js';
import { parseMeasured } from '../../../shared/boundary.js';
import { signatureHolds, type SignedCheckpoint } from './signing.js';

/**
 * An anchor: the log's last signed checkpoint, kept by its owner away from the machine (`audit
 * anchor --out FILE`), or the last one shipped to a receiver. Verified against it, a log must still
 * hold that entry with that hash: cutting the log and re-chaining what is left (and rewriting the
 * checkpoint beside it) passes every local check, but not this one.
 */
export interface Anchor extends SignedCheckpoint {
  format: typeof ANCHOR_FORMAT;
  /** When it was taken (ISO time). */
  at: string;
}

export const ANCHOR_FORMAT = 'mcp-console-audit-anchor/1';

/** The anchor for a checkpoint as written beside the log; an error when it is not signed or its signature fails. */
export function anchorFrom(cp: { seq: number; hash: string; sig?: string; key?: string }): Anchor | string {
  if (typeof cp.sig !== 'string' || typeof cp.key !== 'string')
    return 'the checkpoint beside the log is not signed (it was written before checkpoints were signed, or the signing key could not be opened)';
  const signed = { seq: cp.seq, hash: cp.hash, sig: cp.sig, key: cp.key };
  if (!signatureHolds(signed, cp.key))
    return 'the checkpoint beside the log does not carry a valid signature of its own key';
  return { format: ANCHOR_FORMAT, ...signed, at: new Date().toISOString() };
}

/** Reads an anchor file; an error in words when it is not one. */
export function readAnchor(file: string): Anchor | string {
  try {
    const a = parseMeasured(readPlacedText(file, 'the anchor', 1024 * 1024), 'the anchor') as Partial<Anchor>;
    if (a.format !== ANCHOR_FORMAT)
      return `${file} is not an audit anchor (format ${JSON.stringify(a.format ?? null)})`;
    if (
      typeof a.seq !== 'number' ||
      !Number.isInteger(a.seq) ||
      a.seq < 1 ||
      typeof a.hash !== 'string' ||
      typeof a.sig !== 'string' ||
      typeof a.key !== 'string'
    )
      return `${file} is missing the anchor's seq, hash, sig or key`;
    return a as Anchor;
  } catch (e) {
    if (isMissing(e)) return `there is no anchor file at ${file}`;
    return `${file} is not readable as an anchor: ${(e as Error).message}`;
  }
}

/**
 * Whether the log at `path` holds the anchored entry. `key` is the public key the anchor must be
 * signed by: one the owner kept (`--pubkey`), or the data directory's (`fromDataDir`: whoever can
 * rewrite the log can replace that file too, which the caller says).
 */
export function checkAnchor(
  path: string,
  anchor: Anchor,
  key: string,
): { ok: true } | { ok: false; reason: string; firstBadSeq?: number } {
  if (anchor.key !== key.trim())
    return {
      ok: false,
      reason: `the anchor was signed by another key (${anchor.key.slice(0, 20)}…), not ${key.trim().slice(0, 20)}…`,
    };
  if (!signatureHolds(anchor, key))
    return {
      ok: false,
      reason: "the anchor's signature does not hold: the anchor was changed, or it was not signed by this key",
    };
  if (!existsSync(path)) return { ok: false, reason: `there is no audit log at ${path}` };
  for (const line of readPlacedText(path, 'the audit log', AUDIT_LOG_MAX).split('\n')) {
    let e: { seq?: unknown; hash?: unknown };
    try {
      e = JSON.parse(line) as { seq?: unknown; hash?: unknown };
    } catch {
      continue; // a torn line: the chain's own check names it
    }
    if (e.seq !== anchor.seq) continue;
    if (e.hash === anchor.hash) return { ok: true };
    return {
      ok: false,
      firstBadSeq: anchor.seq,
      reason: `the log's entry seq ${anchor.seq} is not the one anchored on ${anchor.at} (hash ${anchor.hash.slice(0, 12)}…): the log was rewritten at or before that entry`,
    };
  }
  return {
    ok: false,
    firstBadSeq: anchor.seq,
    reason: `the log no longer holds entry seq ${anchor.seq}, anchored on ${anchor.at}: entries were removed from it after the anchor was taken`,
  };
}
