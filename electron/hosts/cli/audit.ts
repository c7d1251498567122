import {
  auditAnchor,
  auditPublicKey,
  readTeamFile,
  resolveDataDir,
  storeName,
  teamAnchor,
  verifyAuditLog,
  verifyTeamAudit,
  withTeamStore,
  writeFileAtomic,
} from '../../core/index.js';
import { str, UsageError, type ParsedArgs } from './args.js';
import { plural, safe } from './format.js';
import type { Io } from './io.js';

const entries = (n: number) => plural(n, 'entry').replace(/entrys$/, 'entries');

/**
 * `audit verify [--anchor FILE [--pubkey KEY]] [--data-dir D]`: exit 0 intact, 1 broken or missing (or not holding the
 * anchor).
 */
export function auditVerifyCommand(args: ParsedArgs, io: Io): number | Promise<number> {
  const anchor = str(args, 'anchor');
  const pubkey = str(args, 'pubkey');
  if (pubkey && !anchor) throw new UsageError('--pubkey checks an anchor: give --anchor FILE with it');
  if (str(args, 'team') !== undefined) return verifyTeam(str(args, 'team')!, io, anchor, pubkey);
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

/** The store a team file names; a usage error when it names none (its log is then the data directory's). */
function teamStoreOf(file: string): string {
  const team = readTeamFile(file);
  if (!team.store)
    throw new UsageError(
      `the team file ${file} names no store: its audit log is the data directory's (audit verify --data-dir D)`,
    );
  return team.store;
}

/** `audit verify --team FILE [--anchor F [--pubkey KEY]]`: the chain in the team's store. */
async function verifyTeam(file: string, io: Io, anchor?: string, pubkey?: string): Promise<number> {
  const url = teamStoreOf(file);
  let r;
  try {
    r = await verifyTeamAudit(url, anchor === undefined ? undefined : { anchor, pubkey });
  } catch (e) {
    io.err(`error: the team store ${storeName(url)} could not be read: ${safe((e as Error).message)}`);
    return 2;
  }
  const where = `the team store ${storeName(url)}`;
  if (r.ok) {
    const held = r.anchor
      ? [`it still holds the entry anchored on ${r.anchor.at} (seq ${r.anchor.seq}), signed by ${r.anchor.key}`]
      : [];
    const from = r.instances.length ? ` from ${r.instances.map((i) => safe(i)).join(', ')}` : '';
    io.out([`audit log intact: ${entries(r.entries)}${from} (${where})`, ...held].join('\n'));
    return 0;
  }
  const at = r.firstBadSeq !== undefined ? `seq ${r.firstBadSeq}` : 'its end';
  io.out(`audit log broken at ${at}: ${safe(r.reason ?? '')} (${where})`);
  return 1;
}

/** `audit anchor --out FILE [--data-dir D | --team FILE]`: the log's last signed checkpoint, to keep away from it. */
export async function auditAnchorCommand(args: ParsedArgs, io: Io): Promise<number> {
  const out = str(args, 'out');
  if (!out) throw new UsageError('audit anchor needs --out FILE (keep it where this machine cannot rewrite it)');
  const team = str(args, 'team');
  const a =
    team === undefined ? auditAnchor(str(args, 'data-dir')) : await withTeamStore(teamStoreOf(team), teamAnchor);
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
