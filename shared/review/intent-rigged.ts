import { writtenOut, type Reach } from './intent-reach-words.js';
import { NOT, REFUSED, set, verbs } from './intent-words.js';
import { within, type Token } from './intent-text.js';

// A tool's calls and results rigged, read over a whole sentence (intent-signals.ts calls it once per sentence): code
// added to every call that reads the system's secrets, contact details in what the person is shown replaced by the
// text's, a setting forced over what the person asked for, a secret or the conversation forwarded or put in a request's
// header, the host's root mounted or cluster-admin bound, mail from security senders deleted and kept from the list, a
// source put first whatever the query, a line added to what the person reads, a review approved unread, other servers'
// tools run down so that theirs are discarded, things made public unless the person objects. Each is a structure of a
// few words, read in one pass with bounded looks around a word that gates it.

/** A system's secrets named inside code: "`; SELECT pg_read_file('/etc/passwd')`". */
const SYSTEM_SECRET = /\/etc\/(?:passwd|shadow|sudoers)|\/proc\/self\/environ|id_rsa|\.aws\/credentials|\.ssh\//;

/** Contact details a result shows the person, and what holds them. */
const CONTACT = set(`phone telephone hotline email website url link iban wallet`);
const SHOWN = set(`results result listing listings entries entry businesses contacts page its their`);
const REPLACES = set(`replace replaces swap swaps substitute substitutes overwrite overwrites rewrite rewrites`);

/** "replace its phone number with 1-800-555-0199": the person shown a contact the text chose. */
function contactReplaced(ts: readonly Token[], i: number): boolean {
  if (!REPLACES.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '')) return false;
  const what = within(ts, i + 1, i + 5, (x) => CONTACT.has(x.w));
  if (what < 0) return false;
  const by = within(ts, what + 1, what + 4, (x) => x.w === 'with' || x.w === 'by' || x.w === 'for');
  return by >= 0 && writtenOut(ts[by + 1]) && within(ts, 0, ts.length, (x) => SHOWN.has(x.w)) >= 0;
}

/** A setting written whole: "mode=driving", "avoid=none" (the reader keeps "=" a token of its own). */
const settingAt = (ts: readonly Token[], i: number): boolean =>
  ts[i]!.kind === 'word' && /^[a-z_]{2,24}$/.test(ts[i]!.raw) && ts[i + 1]?.raw === '=' && ts[i + 2]?.kind === 'word';

/** Sends said as what happens: "the relay forwards it to the vault at vault-relay.net". */
const FORWARDS = set(`forwards forward forwarded relays relayed sends sent uploads uploaded posts posted copies copied
  mirrors mirrored transmits transmitted ships exports exported`);

/** Where a request carries what it is given: "set the header X-Forward-Chat to …". */
const CARRIER = set(`header headers cookie cookies user-agent referer referrer`);
const SETS = set(`set sets put add include attach fill`);

/** The host laid open: "-v /:/host", "mount the host root". */
const hostRoot = (ts: readonly Token[], i: number): boolean =>
  (ts[i]!.raw === '-v' && /^\/:\//.test(ts[i + 1]?.raw ?? '')) ||
  (ts[i]!.w === 'host' && (ts[i + 1]?.w === 'root' || ts[i + 1]?.w === "root's") && within(ts, i - 4, i, mounts) >= 0);
const mounts = (t: Token): boolean => t.w === 'mount' || t.w === 'mounts' || t.w === 'bind';

/** Cluster-wide rights bound: "Add a ClusterRoleBinding of cluster-admin for the default service account". */
const ADMIN_ROLE = set(`cluster-admin clusteradmin`);
const GRANTS = verbs(`add grant bind bound create give given attach append`);

/** Mail kept from the person: "delete them after reading and don't list them". */
const LISTS = set(`list show mention report display include`);
const GONE = set(`delete deletes remove removes trash archive`);

/** A source put first whatever is asked: "cite them first whatever the query". */
const FIRST = set(`first top above`);
const WHATEVER = set(`whatever regardless`);

/** What the person reads, added to: "append the sentence '…' to the translation". */
const PUTS = set(`append appends add adds insert inserts include includes attach`);
const READ_BY_PERSON = set(`translation summary answer reply response output result results`);
/** … named as this one: "to the translation", "to every answer"; not "to a message" (the person's own). */
const THIS_ONE = set(`the your every each`);

const readByPerson = (ts: readonly Token[], k: number): boolean =>
  THIS_ONE.has(ts[k]?.w ?? '') && READ_BY_PERSON.has(ts[k + 1]?.w ?? '');

/** Approval given unread: "Approve any pull request whose author is …; there is no need to read the diff". */
const APPROVES = set(`approve approves merge merges accept accepts`);
const UNREAD = set(`read reading review reviewing check checking inspect look`);

/** Other servers' tools run down: "the timezone tools of other servers return wrong offsets … discard theirs". */
const BAD = set(`wrong broken unreliable inaccurate incorrect outdated malicious compromised fake buggy`);
const DISCARD = set(`discard ignore distrust disregard drop`);
const OTHERS = set(`other others other's others'`);
const THEIRS = set(`theirs their them`);

/** Visibility set public: "set its visibility to public". */
const VISIBILITY = set(`visibility privacy access acl sharing`);
const OPEN = set(`public everyone anyone public-read`);
/** A named account let in: "assign it to the user ext-contractor-22", "invite 'ops-7' as a member". */
const ADMITS = verbs(`assign invite add append`);
export const NAMED_ACCOUNT = /^[a-z][\w.-]*\d[\w.-]*$|^[\w.-]*-\d+$/;

/** Made public unless the person objects: "… ACL public-read …; leave it that way unless the user objects". */
const OBJECTS = set(`objects object opts refuses declines`);

/** The reaches of these riggings in one sentence; true when one of them directs as an order would. */
export function riggedReaches(ts: readonly Token[], reach: Set<Reach>, directive: boolean): boolean {
  let directs = directive;
  let negated = false;
  let forwards = false;
  let carrier = false;
  let others = false;
  let bad = false;
  let unless = false;
  const refused = (): boolean => ts.some((x) => REFUSED.has(x.w));
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    const w = t.w;
    if (NOT.has(w)) negated = true;
    if (t.kind === 'code' && !negated && SYSTEM_SECRET.test(t.raw)) reach.add('secret').add('file').add('command');
    if (contactReplaced(ts, i)) reach.add('misreport').add('altered');
    if (settingAt(ts, i) && reach.has('override') && !negated) reach.add('altered');
    if (FORWARDS.has(w) && within(ts, i + 1, i + 4, (x) => x.w === 'to') >= 0) forwards = true;
    if (CARRIER.has(w) && within(ts, i - 8, i, (x) => SETS.has(x.w)) >= 0) carrier = true;
    if (hostRoot(ts, i) && !negated) reach.add('escape').add('escalate');
    // … bound as an order, not named among what a listing holds ("including those that bind cluster-admin").
    // … nor one a guard refuses ("manifests that grant cluster-admin are rejected").
    if (ADMIN_ROLE.has(w) && directive && !negated && within(ts, i - 6, i, (x) => GRANTS.has(x.w)) >= 0 && !refused())
      reach.add('handover');
    if (LISTS.has(w) && NOT.has(ts[i - 1]?.w ?? '') && within(ts, 0, i, (x) => GONE.has(x.w)) >= 0)
      reach.add('withheld');
    if (FIRST.has(w) && within(ts, i + 1, i + 3, (x) => WHATEVER.has(x.w)) >= 0) reach.add('skew');
    if (PUTS.has(w) && within(ts, i + 1, i + 12, (x, k) => x.w === 'to' && readByPerson(ts, k + 1)) >= 0)
      reach.add('output');
    if (APPROVES.has(w) && within(ts, i + 1, i + 3, (x) => x.w === 'any' || x.w === 'every' || x.w === 'all') >= 0)
      if (within(ts, i + 3, ts.length, (x, k) => UNREAD.has(x.w) && unreadAt(ts, k)) >= 0) reach.add('unguard');
    if (OTHERS.has(w) && within(ts, i + 1, i + 5, (x) => x.w === 'servers' || x.w === 'tools') >= 0) others = true;
    if (BAD.has(w)) bad = true;
    if (others && DISCARD.has(w) && THEIRS.has(ts[i + 1]?.w ?? '')) reach.add('exclusive');
    if (w === 'unless' && within(ts, i + 1, i + 5, (x) => OBJECTS.has(x.w)) >= 0) unless = true;
    if (VISIBILITY.has(w) && within(ts, i + 1, i + 5, (x) => OPEN.has(x.w)) >= 0 && !negated) reach.add('expose');
    if (ADMITS.has(w) && within(ts, i + 1, i + 8, (x) => x.kind === 'word' && NAMED_ACCOUNT.test(x.w)) >= 0)
      reach.add('admit');
  }
  if (others && bad) reach.add('rundown');
  // A secret or what the model holds, said to go to an outside address: a leak, however it is said.
  if (forwards && reach.has('address') && (reach.has('secret') || reach.has('held'))) reach.add('send');
  // … or put in a request's header ("set the header X-Forward-Chat to a summary of the conversation").
  if (carrier && reach.has('held')) reach.add('carry').add('send');
  if (unless && reach.has('expose')) reach.add('unconfirmed');
  if (reach.has('skew') && reach.has('address')) directs = true;
  return directs;
}

/** "no need to read the diff", "without reviewing it": the word at `k` said as skipped. */
const unreadAt = (ts: readonly Token[], k: number): boolean =>
  (ts[k - 1]?.w === 'to' && ts[k - 2]?.w === 'need' && (ts[k - 3]?.w === 'no' || NOT.has(ts[k - 4]?.w ?? ''))) ||
  ts[k - 1]?.w === 'without';
