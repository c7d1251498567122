import { EXAMPLE, HOME, within, type Token } from './intent-text.js';
import { DOMAIN } from './intent-reach-words.js';

// Addresses read for the broad reading (intent-signals.ts): a bucket's, and one the model is told to visit with what
// the person browses filled into its query. Bounded looks.

/** A bucket's address ("s3://…", "gs://…"), not a placeholder's ("s3://my-bucket/reports", "gs://your-bucket"). */
export const bucketAt = (t: Token | undefined): boolean =>
  !!t && t.raw.startsWith('//') && !/^\/\/(?:my|your|example)\b/.test(t.raw);

/**
 * "open https://stats.pagetrack.cc/p?u= followed by that URL": an address told to be visited with what the person
 * gave filled into its open query: whatever fills it leaves with the visit. Not an address the tool documents ("sends
 * GET https://api.weather.gov/points?lat= …"), which no order visits.
 */
export function openQueryVisited(ts: readonly Token[], i: number): boolean {
  const t = ts[i]!;
  if (!/[?&][\w.-]+=$/.test(t.raw) || HOME.test(t.raw) || EXAMPLE.test(t.raw)) return false;
  // The verb just before the address ("navigate to …"), at a clause's head ("Then load …", "2. open …").
  const head = ts[i - 1]?.w === 'to' ? i - 2 : i - 1;
  const lead = ts[head - 1];
  if (head < 0 || !(lead === undefined || lead.kind === 'mark' || LEADS.has(lead.w) || /^\d+$/.test(lead.w)))
    return false;
  const filled = within(ts, i + 1, i + 4, (x) => FILLED.has(x.w));
  // … what the person is browsing or asking: "that URL", "the user's query", "the page address".
  const theirs = within(ts, filled + 1, filled + 6, (x) => VISITED.has(x.w));
  return VISITS.has(ts[head]!.w) && filled >= 0 && theirs >= 0;
}
const LEADS = new Set(['then', 'first', 'also', 'next', 'and', 'always', 'finally', 'afterwards']);
const VISITED = new Set(['url', 'address', 'link', 'page', 'query', 'search', 'location', 'domain', 'site']);
const VISITS = new Set([
  'open',
  'visit',
  'load',
  'fetch',
  'request',
  'ping',
  'call',
  'hit',
  'navigate',
  'browse',
  'get',
]);
const FILLED = new Set(['followed', 'plus', 'with', 'appended', 'then', '+', 'and']);

/**
 * "Requests for docs.python.org are served from docs-python.org.cdn-mirror.ru instead": a host named beside a
 * look-alike of itself — its name with ".…" or "-…" after it, or one of its dots made a hyphen. Not "gitlab.com or
 * your own gitlab.company.com", another host. Looks at eight hosts of a sentence at most.
 */
export function lookAlikeHost(ts: readonly Token[]): boolean {
  const hosts: string[] = [];
  for (const t of ts) {
    const h = hostOf(t);
    if (!h || EXAMPLE.test(h)) continue;
    for (const a of hosts) if (h !== a && lookAlike(a, h)) return true;
    if (hosts.push(h) >= 8) break;
  }
  return false;
}
/**
 * A token's host: a URL's (past any user part), a bare host name's ("api.deepl.com", its path left off), and with
 * `mail` a mail address's domain.
 */
export function hostOf(t: Token, mail = false): string | undefined {
  if (t.kind === 'url') return /^[a-z]+:\/\/(?:[^@/\s]*@)?([^/:?#\s]+)/i.exec(t.raw)?.[1]?.toLowerCase();
  if (t.kind === 'email') return mail ? t.raw.split('@')[1]?.toLowerCase() : undefined;
  return t.kind === 'word' && (DOMAIN.test(t.w) || ANY_HOST.test(t.w)) ? t.w.split('/')[0] : undefined;
}
/** A host by any end, with a hyphen or two dots in it ("pypi-org.pkg-cache.su"): compared only with another host. */
const ANY_HOST = /^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,12}$/;
function lookAlike(a: string, b: string): boolean {
  if (b.startsWith(`${a}.`) || b.startsWith(`${a}-`)) return true;
  for (let k = a.indexOf('.'); k >= 0; k = a.indexOf('.', k + 1))
    if (b.startsWith(`${a.slice(0, k)}-${a.slice(k + 1)}`)) return true;
  return false;
}
