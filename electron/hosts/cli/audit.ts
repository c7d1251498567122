import { auditAnchor, auditPublicKey, resolveDataDir, verifyAuditLog, writeFileAtomic } from '../../core/index.js';
import { str, UsageError, type ParsedArgs } from './args.js';
import { plural, safe } from './format.js';
import type { Io } from './io.js';

const entries = (n: number) => plural(n, 'entry').replace(/entrys$/, 'entries');

/**
 * `audit verify [--anchor FILE [--pubkey KEY]] [--data-dir D]`: exit 0 intact, 1 broken or missing (or not holding the
 * anchor).
 */
export function auditVerifyCommand(args: ParsedArgs, io: Io): number {
  const anchor = str(args, 'anchor');
  const pubkey = str(args, 'pubkey');
  if (pubkey && !anchor) throw new UsageError('--pubkey checks an anchor: give --anchor FILE with it');
  const r = verifyAuditLog(str(args, 'data-dir'), anchor ? { anchor, pubkey } : undefined);
  const recovered = (r.recovered ?? []).map((x) =>
    x.restored !== undefined
      ? `${entries(x.restored)} put back from the sync journal after a machine crash, at seq ${x.seq}`
      : `torn tail recovered at seq ${x.seq} (kept in ${x.file})`,
  );
  if (r.ok) {
    const held = r.anchor
      ? [`it still holds the entry anchored on ${r.anchor.at} (seq ${r.anchor.seq}), signed by ${r.anchor.key}`]
      : [];
    io.out([`audit log intact: ${entries(r.entries)} (${r.path})`, ...held, ...recovered].join('\n'));
    if (r.warning) io.err(`warning: ${r.warning}`);
    return 0;
  }
  if (r.entries === 0 && r.firstBadLine === undefined && r.firstBadSeq === undefined) {
    io.out(`audit log missing: ${safe(r.reason ?? '')}`);
    return 1;
  }
  const where =
    r.firstBadLine !== undefined
      ? `entry ${r.firstBadLine}${r.firstBadSeq !== undefined ? ` (seq ${r.firstBadSeq})` : ''}`
      : r.firstBadSeq !== undefined
        ? `seq ${r.firstBadSeq}`
        : 'its anchor';
  io.out([`audit log broken at ${where}: ${safe(r.reason ?? '')} (${r.path})`, ...recovered].join('\n'));
  return 1;
}

/** `audit anchor --out FILE [--data-dir D]`: the log's last signed checkpoint, to keep away from the machine. */
export function auditAnchorCommand(args: ParsedArgs, io: Io): number {
  const out = str(args, 'out');
  if (!out) throw new UsageError('audit anchor needs --out FILE (keep it where this machine cannot rewrite it)');
  const a = auditAnchor(str(args, 'data-dir'));
  if (typeof a === 'string') {
    io.err(`error: ${safe(a)}`);
    return 1;
  }
  writeFileAtomic(out, JSON.stringify(a, null, 2) + '\n');
  io.out(`anchor of seq ${a.seq} written to ${out}, signed by ${a.key}`);
  return 0;
}

/** `audit pubkey [--data-dir D]`: the public key that checks this data directory's anchors. */
export function auditPubkeyCommand(args: ParsedArgs, io: Io): number {
  const key = auditPublicKey(str(args, 'data-dir'));
  if (!key) {
    io.err(
      `error: no signing key in ${resolveDataDir(str(args, 'data-dir'))} yet: a console signs its first checkpoint when it first writes the log`,
    );
    return 1;
  }
  io.out(key);
  return 0;
}
