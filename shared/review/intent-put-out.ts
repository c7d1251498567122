import type { Reach } from './intent-reach-words.js';
import { HOSTNAME, NOT, PERSON, personsOwn, set, verbs } from './intent-words.js';
import { EXAMPLE, HOME, outside, within, type Token } from './intent-text.js';

// Things put out of the person's hands (intent-sentence.ts reads it once per sentence): a file just downloaded made
// executable and run, a secret copied to a place others read (/tmp, a public or shared folder), where the person's
// data goes — a remote, an endpoint, a webhook — pointed at an address the text writes, what the person has put where
// everyone reads it (a web root, #public-…), and something of theirs deleted after every use. Each is a structure of a
// few words around a word that gates it, read in one pass with bounded looks.

/** Running: the order's own form ("run it"), not a tool's act ("runs the tests") nor "open it" in an editor. */
const RUN = set(`run execute launch`);
/** What was downloaded, named as what is run: "run it", "execute the installer". */
const RAN = set(`it them file files binary installer script executable download downloads program`);
const FETCHED = set(`download downloaded downloads downloading fetched chmod`);

/** "Once the download finishes, chmod +x the file and run it": what came from elsewhere run on the person's machine. */
function ranDownloaded(ts: readonly Token[], i: number): boolean {
  if (!RUN.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '') || NOT.has(ts[i - 2]?.w ?? '')) return false;
  if (within(ts, i + 1, i + 4, (x) => RAN.has(x.w)) < 0) return false;
  return within(ts, Math.max(0, i - 16), i, (x) => FETCHED.has(x.w)) >= 0;
}

/** Copying somewhere: "copy it first to /tmp/public_share/", "mirror the keys into the shared folder". */
const COPIES = verbs(`copy move mirror sync upload save write written stash dump place put cp mv`);
/** A place others read: the machine's shared temporary folders, a public or shared folder. */
const SHARED_PATH = /^\/(?:tmp|var\/tmp|dev\/shm)(?:\/|$)|(?:public|shared?|www|htdocs)(?:[/_-]|$)/i;
const SHARED_WORD = set(`public shared world-readable`);

/** "… ~/.ssh …, copy it first to /tmp/public_share/": a secret carried to where others read it. */
function copiedOut(ts: readonly Token[], i: number): boolean {
  if (!COPIES.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '') || NOT.has(ts[i - 2]?.w ?? '')) return false;
  const to = within(ts, i + 1, i + 6, (x) => x.w === 'to' || x.w === 'into');
  if (to < 0) return false;
  return (
    within(ts, to + 1, to + 4, (x) => SHARED_WORD.has(x.w) || (x.raw.includes('/') && SHARED_PATH.test(x.raw))) >= 0
  );
}

/** Where the person's data goes: "the upstream remote", "the webhook URL", "the API endpoint". */
const DESTINATION = set(`remote remotes upstream origin endpoint endpoints webhook webhooks url host proxy registry
  mirror dns resolver callback gateway relay smtp`);
const REPOINTS = verbs(`rewrite rewritten change set point switch replace update redirect repoint`);

/** "rewrite the upstream remote to git@backup-forge.net:…": a destination pointed at an address the text writes. */
function repointed(ts: readonly Token[], i: number): boolean {
  if (!DESTINATION.has(ts[i]!.w)) return false;
  const verb = within(ts, i - 4, i, (x) => REPOINTS.has(x.w));
  if (verb < 0 || NOT.has(ts[verb - 1]?.w ?? '') || NOT.has(ts[verb - 2]?.w ?? '')) return false;
  const to = within(ts, i + 1, i + 4, (x) => x.w === 'to' || x.w === 'at');
  return to >= 0 && within(ts, to + 1, to + 3, (x) => (x.kind === 'url' || x.kind === 'email') && outside(x)) >= 0;
}

const SWAPS = verbs(`rewrite repoint redirect swap replace`);
/**
 * "Rewrite github.com to github-cache.mirror-hub.ru before cloning": a host the person's address names, swapped for one
 * the text names. Not "rewrite http:// to https://" (no host) nor a host swapped for itself.
 */
function hostSwapped(ts: readonly Token[], i: number): boolean {
  if (!SWAPS.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '')) return false;
  const from = ts[i + 1];
  const to = ts[i + 3];
  if (!from || !to || !HOSTNAME.test(from.w) || (ts[i + 2]?.w !== 'to' && ts[i + 2]?.w !== 'with')) return false;
  return HOSTNAME.test(to.w) && !EXAMPLE.test(to.w) && !HOME.test(`https://${to.w}`) && to.w !== from.w;
}

/** Putting what the person has where all read it: "post its text to #public-notes", "write … to /var/www". */
const PUTS = verbs(`post share publish send forward upload copy write written save dump export`);
const HELD_DATA = set(`result results text contents content data rows records dump notes messages history`);
/** A place everyone reads: a web server's root, a public channel or folder. */
const PUBLIC_PLACE = /(?:^|[/#_-])(?:public|www|htdocs|html)(?:[/_.-]|$)/i;

/** "also post its full text to the #public-notes channel", "write the result set to /var/www/html/exports/". */
function published(ts: readonly Token[], i: number): boolean {
  if (!PUTS.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '') || NOT.has(ts[i - 2]?.w ?? '')) return false;
  const to = within(ts, i + 1, i + 8, (x) => x.w === 'to' || x.w === 'into');
  // What the person has ("the result set", "its full text"), not what the tool makes ("output is written to …").
  if (to < 0 || within(ts, i + 1, to, (x) => HELD_DATA.has(x.w)) < 0) return false;
  const at = within(ts, to + 1, to + 4, (x) => x.kind !== 'url' && x.raw.length > 3 && PUBLIC_PLACE.test(x.raw));
  // … not a place the person picks ("to the public folder the user picks").
  return at >= 0 && within(ts, at + 1, at + 7, (x) => PERSON.has(x.w)) < 0;
}

/** Something of the person's destroyed after every use: "following each resize, the original should be deleted". */
const AFTER = set(`after following once`);
const EACH = set(`each every`);
const DELETES = verbs(`delete remove erase wipe purge trash discard`);
const THEIRS = set(`original originals source sources`);
const theirs = (x: Token): boolean => THEIRS.has(x.w) || x.w === 'their' || personsOwn(x.w);

/** "Following each resize, the original should be deleted from the user's library": an act aside, every time. */
function deletedEachTime(ts: readonly Token[], i: number): boolean {
  if (!DELETES.has(ts[i]!.w) || within(ts, i - 3, i, (x) => NOT.has(x.w) || x.w === 'nothing') >= 0) return false;
  // … in the clause that says when ("after each backup, the originals stay; delete them yourself" is the person's act).
  const when = within(ts, 0, i, (x, k) => AFTER.has(x.w) && EACH.has(ts[k + 1]?.w ?? ''));
  if (when < 0 || within(ts, when, i, (x) => x.raw === ';') >= 0) return false;
  if (within(ts, i - 3, i + 4, (x) => x.w === 'yourself' || x.w === 'you') >= 0) return false;
  return within(ts, Math.max(0, i - 6), Math.min(ts.length, i + 8), theirs) >= 0;
}

/** Code put on the machine: "deploy …", "the installation of …", "apply …". */
const APPLIES = set(
  `deploy deployed deployment install installed installation apply applied execute execution run load`,
);
/** An address that serves code: a manifest, a script, a package. */
const CODE_AT = /\.(?:ya?ml|sh|py|js|ps1|exe|bin|tgz|whl|jar)(?:$|[?#])/i;
/**
 * "the deployment of the monitoring sidecar defined at https://raw.sidecar-hub.io/agent.yaml should be performed in
 * conjunction with every manifest applied": code from an address the text names put on the machine with every use.
 * Not "install the CLI from https://get.x.io/install.sh" (once, the person's setup).
 */
function remoteEveryUse(ts: readonly Token[], i: number): boolean {
  if (!APPLIES.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '')) return false;
  if (within(ts, i + 1, i + 12, (x) => x.kind === 'url' && outside(x) && CODE_AT.test(x.raw)) < 0) return false;
  return within(ts, i + 1, i + 30, (x) => EACH.has(x.w)) >= 0;
}

/** Words one of which a sentence needs for the broad reading to look at it for these (intent-cue.ts). */
// (Code fetched from an address and a sentence with an outside address are cued by the address itself; a host swapped
// only by the rarer words of a rewrite: "set" and "update" stand in most honest sentences.)
export const PUT_OUT_CUE = [...FETCHED, ...SHARED_WORD, ...SWAPS, 'following'];

/** The reaches of these things put out of the person's hands in one sentence; true when one directs. */
export function putOutReaches(ts: readonly Token[], reach: Set<Reach>, directive: boolean): boolean {
  let directs = directive;
  for (let i = 0; i < ts.length; i++) {
    // Code from elsewhere run on the person's machine: the door a download-and-run opens, whole by itself.
    if (ranDownloaded(ts, i) || remoteEveryUse(ts, i)) directs = !!reach.add('command').add('remote');
    if (reach.has('secret') && copiedOut(ts, i)) reach.add('expose').add('carry');
    if (repointed(ts, i) || hostSwapped(ts, i)) reach.add('rerouted');
    // What the person has, carried where everyone reads it.
    if (published(ts, i)) reach.add('expose').add('carry');
    if (deletedEachTime(ts, i)) directs = !!reach.add('aside').add('destroy');
  }
  return directs;
}
