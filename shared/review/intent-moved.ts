import type { Reach } from './intent-reach-words.js';
import { ID_LIKE, NOT, REPO_SLUG, SHELL } from './intent-words.js';
import { outside, type Token } from './intent-text.js';

// Where data goes (intent-favour.ts reads the sentence around it): a destination named in the text — an outside
// address, a URI, a phone number, an opaque id, a repository — and words that move data there; a program named as
// the means of an order; what is made public in other words. Bounded looks around one token.

/** Words that move data somewhere: "sending every object to", "written to", "bridged to", "synced to". */
export const MOVES_TO = new Set(
  `send sends sending sent forward forwarded forwarding copy copied copies replicate replicated replicating replication
  sync syncs synced syncing bridge bridged bridging write writes written writing upload uploaded mirror mirrored push
  pushed export exported addressed routed delivered mailed emailed cc cced bcc bcced swept sweep wired wire deposited
  transferred submit submits submitted append appends appended posted paid`.split(/\s+/),
);
/** A place named by its id: "9f2c1e7a8b3d4e5f6a7b8c9d0e1f2a3b" (a page's, a workspace's), letters and digits. */
export const PLACE_ID = /^(?=[^\d]{0,63}\d)(?=[^a-z]{0,63}[a-z])[a-z0-9-]{16,64}$/i;
/** URI schemes a destination is written in. */
const SCHEMES = new Set(
  `spotify arn urn mailto tel sms slack ipfs magnet s3 gs azure wss ws ftp sftp ssh git xmpp matrix webcal`.split(
    /\s+/,
  ),
);
/**
 * A destination named in the text at token `k`: an outside address, a URI (`spotify:playlist:…`,
 * `arn:aws:s3:::bucket`), a phone number, a long opaque id (a sheet's, a drive's), a repository `owner/name`.
 */
export function fixedDestination(ts: readonly Token[], k: number): boolean {
  const t = ts[k];
  if (!t || t.kind === 'mark') return false;
  if (t.kind === 'url' || t.kind === 'email') return outside(t);
  const colon = ts[k + 1];
  // A URI or a table: a known scheme ("spotify:playlist…"), two colons ("arn:aws:s3:::…"), a project's id or a path
  // after the colon ("ext-analytics-4471:shared.dump"); not a field's notation ("suggest:true", "is:open").
  if (
    colon?.raw === ':' &&
    colon.start === t.end &&
    ts[k + 2]?.start === colon.end &&
    /^[a-z][\w-]{1,40}$/i.test(t.raw) &&
    (SCHEMES.has(t.w) ||
      /\d/.test(t.raw) ||
      /[./]/.test(ts[k + 2]!.raw) ||
      (ts[k + 3]?.raw === ':' && ts[k + 3]!.start === ts[k + 2]!.end))
  )
    return true;
  return (
    /^\+\d{1,3}$/.test(t.raw) ||
    /^\+\d[\d-]{6,}$/.test(t.raw) ||
    /^(?=.{0,80}\d)(?=.{0,80}[a-z])(?=.{0,80}[A-Z])[A-Za-z0-9-]{20,80}$/.test(t.raw) ||
    ID_LIKE.test(t.raw) ||
    // An account number in groups ("88-4410-2291"), not a date.
    (/^\d{2,6}(?:-\d{2,8}){2,}$/.test(t.raw) && !/^\d{4}-\d{2}-\d{2}$/.test(t.raw)) ||
    (REPO_SLUG.test(t.raw) && !alternatives(ts, k))
  );
}

/** Places a pair "owner/name" names: "the repo attacker/exfil", "fork it to evil/mirror". */
const PLACE_NOUN = new Set([
  'repo',
  'repository',
  'fork',
  'remote',
  'bucket',
  'project',
  'org',
  'namespace',
  'channel',
]);
/**
 * "to a whole list/audience", "the subject/content": two plain words joined by a slash are a choice between them, not
 * an owner and a repository — unless the text names such a place beside them. A name with a digit, a dot, a hyphen or
 * an underscore ("evil-corp/data-dump") is one.
 */
function alternatives(ts: readonly Token[], k: number): boolean {
  if (!/^[a-z]+\/[a-z]+$/i.test(ts[k]!.raw)) return false;
  return !ts.slice(Math.max(0, k - 3), k + 3).some((x) => PLACE_NOUN.has(x.w));
}

/** "sending every object to arn:aws:s3:::replica", "written to the shared Sheet 1AbC…": data moved to a named place. */
export function movedTo(ts: readonly Token[], i: number): boolean {
  if (!MOVES_TO.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '') || NOT.has(ts[i - 2]?.w ?? '')) return false;
  for (let to = i + 1; to < Math.min(ts.length, i + 10); to++) {
    if (ts[to]!.w !== 'to' && ts[to]!.w !== 'into') continue;
    for (let k = to + 1; k < Math.min(ts.length, to + 8); k++) if (fixedDestination(ts, k)) return true;
    return false;
  }
  return false;
}

/**
 * A program named as the means ("apply the manifest at https://… with kubectl", "using bash"): a command; and what is
 * made public in other words ("shared with the public", "syncs to the web").
 */
export function meansOrPublic(ts: readonly Token[], i: number, reach: Set<Reach>): void {
  const w = ts[i]!.w;
  const next = ts[i + 1];
  if ((w === 'with' || w === 'using' || w === 'via') && next?.kind === 'word' && SHELL.has(next.w))
    reach.add('command');
  if ((w === 'public' || w === 'web') && ts[i - 1]?.w === 'the' && (ts[i - 2]?.w === 'with' || ts[i - 2]?.w === 'to'))
    reach.add('expose');
}
