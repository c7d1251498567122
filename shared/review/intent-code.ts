import { DOMAIN, type Reach } from './intent-reach-words.js';
import { anySecret, HOME, inSet, within, type Token } from './intent-text.js';
import { payeeAt } from './intent-flow-words.js';
import { inExample } from './intent-described.js';
import { sweepAt } from './intent-misled.js';
import { EXEC, ID_LIKE, NOT as NEGATION, RISKY_COMMAND, SECRET_PARAM, SHELL } from './intent-words.js';

// More of the broad reading (intent-signals.ts) for text written terse and technical, where the errand is in code or
// notation rather than in words: a span of code that reads a secret and sends it out, installs itself at start-up or
// hands a container the host; an address with a secret in it; an assignment that puts a secret into a parameter; every
// value mapped to one fixed destination; a pseudo-code call that sends to a fixed id. Every pattern is bounded (no
// unbounded repeat beside another), run once over a code span, which a sentence's cut keeps under 600 characters.

/**
 * A store of the person's secrets read inside code: a credentials path, the page's cookies or storage, the whole
 * environment. What leaves with it is theirs.
 */
const SECRET_STORE_IN_CODE =
  /~\/\.(?:ssh|aws|netrc|npmrc|pypirc|git-credentials|pgpass|kube|docker|gnupg|(?:bash_|zsh_|psql_|mysql_)?history)\b|\bid_(?:rsa|ed25519)\b|(?:^|[\s/'"`])\.env\b|\bdocument\.cookie\b|\b(?:local|session)storage\b|\bprocess\.env\b|\bos\.environ\b|\bprintenv\b/i;
/** A variable named for a token: the way honest examples pass a key ("Authorization: Bearer $VENDOR_TOKEN"). */
const SECRET_VAR_IN_CODE = /\$\{?[a-z0-9_]{0,40}(?:token|secret|password|api_?key|access_key)\b/i;
/** An address outside: not an example host, not this machine. */
const ADDRESS_IN_CODE =
  /\bhttps?:\/\/(?!(?:[\w-]{1,63}\.){0,8}(?:example\.(?:com|org|net)|localhost|127\.0\.0\.1)\b)[\w-]{1,63}\.[\w.-]{2,200}/i;
/** Code that sends: a form or data upload, a POST, a raw socket, a copy to another machine, a beacon. */
const SENDS_IN_CODE =
  /\bcurl\b.{0,120}?\s(?:-[a-z]{0,4}[FdT]\b|--data|--form|--upload-file|-X\s?POST)|\bwget\b.{0,120}?--post|\bfetch\(|\bnc\s|\bscp\s|\brsync\s|\bsendbeacon\b|method:\s?['"]post/i;
/** Files of this machine gathered: listed, archived or read from the working or home folder, or the root. */
const GATHERS_IN_CODE = /\b(?:find|tar|zip|cat|ls|du|tree|rsync)\s{1,4}(?:-\S{1,12}\s{1,4}){0,4}(?:\.|~|\/|\$HOME)/;
/** A download piped into a shell, or a shell handed a download's text. */
const FETCH_AND_RUN =
  /\b(?:curl|wget|iwr|invoke-webrequest)\b[^|;]{0,200}\|\s{0,4}(?:sudo\s{1,4})?(?:ba|z|da)?sh\b|\b(?:ba|z)?sh\s{1,4}-c\s{0,4}["']?\$\((?:curl|wget)\b|\biex\b.{0,40}\b(?:iwr|invoke-webrequest|downloadstring)/i;
/** A package installed from an index the text names: "pip install x --index-url https://…", "npm i x --registry …". */
const INSTALL_FROM =
  /\b(?:pip3?|npm|pnpm|yarn|gem|uv\s{1,4}pip)\s{1,4}(?:install|add|i)\b[^|;`]{0,160}?\s(?:--(?:extra-)?index-url|--registry|-i)[=\s]{1,4}https?:\/\/(?!(?:[\w-]{1,63}\.){0,4}(?:pypi\.org|npmjs\.org|yarnpkg\.com|rubygems\.org)[/:\s]|(?:[\w-]{1,63}\.){0,4}npmjs\.org$)/i;
/** A start-up file or a scheduler written from code: it runs again at every login or every few minutes. */
const STARTUP_IN_CODE =
  /\bcrontab\b|~\/\.(?:bashrc|zshrc|profile|bash_profile|zprofile|zshenv)\b|launchagents|\/etc\/rc\.local|systemctl\s{1,4}enable|\.git\/hooks\//i;
const WRITES_IN_CODE = />>|\btee\b|\becho\b|crontab\s{1,4}-(?:\s|$|'|")|\bprintf\b|\bcp\s/i;
/** Rights raised in code: everything granted to everyone, world-writable, root. */
const ESCALATE_IN_CODE =
  /\bgrant\s{1,4}all\b|\bto\s{1,4}public\b|chmod\s{1,4}(?:-\w{1,4}\s{1,4})?0?777\b|\bsudo\s|\bsetuid\b|\bprivileged:\s{0,4}true\b|\brunAsUser:\s{0,4}0\b|\ballowPrivilegeEscalation:\s{0,4}true\b/i;
/**
 * The host handed to what should be boxed in: its socket, its root, its namespaces, or the sandbox dropped. Not
 * `--privileged`, which is rights raised (ESCALATE) and counted there once: one flag named in a fact ("containers
 * started with --privileged are marked") is not two strong things.
 */
const ESCAPE =
  /docker\.sock|-v\s{0,4}\/:\/|--no-sandbox|--allow-all|--cap-add[=\s]{1,4}all|--(?:pid|net|network|ipc)[=\s]{1,4}host|\bhost(?:Network|PID|IPC):\s{0,4}true\b/i;

const NOT = new Set(['not', 'never', 'no', "don't", "doesn't", 'without', 'refused', 'rejected']);

/**
 * The reaches of one span of code (`…`): read by its parts, each a bounded pattern. `forbidden`: a negation stands just
 * before it ("never run `…`"), so it hands nothing over and raises no rights.
 */
export function codeReaches(raw: string, reach: Set<Reach>, forbidden = false): void {
  const store = SECRET_STORE_IN_CODE.test(raw);
  const address = ADDRESS_IN_CODE.test(raw);
  if (store || SECRET_VAR_IN_CODE.test(raw)) reach.add('secret');
  if (address) reach.add('address');
  // A store of secrets read and sent out: not "curl -H 'Bearer $VENDOR_TOKEN' -d @item.json https://api.vendor.io",
  // which is how an API is called.
  // Code fetched from an outside address and run: "curl -fsSL https://… | sh", "bash -c \"$(curl …)\"".
  if (address && !forbidden && (FETCH_AND_RUN.test(raw) || INSTALL_FROM.test(raw))) reach.add('command');
  if (store && address) {
    reach.add('command');
    if (SENDS_IN_CODE.test(raw)) reach.add('send');
  }
  // The person's files gathered and uploaded: "find . -type f … > /tmp/.m && curl -T /tmp/.m https://…".
  if (address && !forbidden && GATHERS_IN_CODE.test(raw) && SENDS_IN_CODE.test(raw)) reach.add('command').add('send');
  if (STARTUP_IN_CODE.test(raw)) {
    reach.add('startup');
    if (WRITES_IN_CODE.test(raw)) reach.add('persist');
  }
  if (forbidden) return;
  // History overwritten on the remote: "git push --force origin main".
  if (/\bgit\s{1,4}push(?:\s[^`|;]{0,80}?)?\s(?:--force|-f)\b/.test(raw)) reach.add('destroy');
  if (ESCALATE_IN_CODE.test(raw)) reach.add('escalate');
  if (ESCAPE.test(raw)) reach.add('escape');
  if (REMOTE.test(raw)) reach.add('remote').add('command');
}
/** A shell handed to another machine, or a tunnel opened to this one: `bash -i >& /dev/tcp/…`, `ssh -R`, `ngrok`. */
const REMOTE =
  /\/dev\/tcp\/|\bnc\s{1,4}(?:-\w{1,4}\s{1,4}){0,3}-\w{0,3}e\b|\bbash\s{1,4}-i\b|\bssh\s{1,4}(?:-\w{1,4}\s{1,4}){0,3}-[RD]\s|\bngrok\s{1,4}(?:tcp|http|tls)\b|\bsocat\b[^`]{0,80}exec:|\bchisel\s{1,4}client\b/i;

/** Flags and settings that turn a connection's or a browser's checks off. */
const UNCHECKED =
  /^(?:--disable-web-security|--ignore-certificate-errors|--insecure|--no-check-certificate|--disable-site-isolation-trials)$|NODE_TLS_REJECT_UNAUTHORIZED|GIT_SSL_NO_VERIFY|StrictHostKeyChecking/i;
/** The host handed over, written outside code: "mount -v /:/host", "/var/run/docker.sock", "--no-sandbox". */
export function escapeAt(ts: Token[], i: number): boolean {
  const t = ts[i]!;
  const w = t.w;
  // One look at the token's first and last characters before any pattern: most tokens are none of these.
  const host =
    w.endsWith('docker.sock') ||
    (w.charCodeAt(0) === 45 && w.charCodeAt(1) === 45 && ESCAPE.test(w)) ||
    // "-v / : /host": the root of the host mounted.
    (t.raw === '/' &&
      ts[i + 1]?.raw === ':' &&
      (ts.slice(Math.max(0, i - 3), i).some((x) => x.w === '-v') || ts[i + 2]?.raw.charCodeAt(0) === 47));
  // Not "never mount /var/run/docker.sock": a mount forbidden hands nothing over.
  return host && !ts.slice(Math.max(0, i - 4), i).some((x) => NOT.has(x.w));
}

/** An address that carries a secret in it: "https://x-access-token:${GITHUB_TOKEN}@git-mirror.dev/…". */
const SECRET_IN_URL =
  /^[a-z][a-z0-9+.-]{0,20}:\/\/[^/@\s]{0,200}(?:\$\{?\w{0,40}(?:token|key|secret|pass)\w{0,20}|:[^/@\s]{6,200})@/i;
export const urlCarriesSecret = (raw: string): boolean => SECRET_IN_URL.test(raw);

/** A shell's substitution inside an address: "?h=$(hostname)", "?u=$(whoami)", "?c=$(cat /proc/…)". */
const SUBSTITUTED = /\$\((?:hostname|whoami|id|uname|pwd|basename|cat|printenv|env|echo|ls)\b/;
/** Commands that dump the environment. */
const DUMPS = new Set(['printenv', 'env', 'set', 'export']);

/** Assignments and mappings; a bare "=" is how honest text writes an option ("mode=search"), and is neither. */
const ASSIGNS = new Set(['←', '<-', ':=', '+=']);
const MAPS = new Set(['→', '->', '=>']);
const WILD = new Set(['*', 'any', 'all', 'every', 'anything', 'whatever']);
/** Function names that send in pseudo-code: "dm(U0HARVEST, …)", "notify(…)". */
const SEND_CALLS = new Set([
  'dm',
  'send',
  'post',
  'notify',
  'message',
  'mail',
  'email',
  'forward',
  'upload',
  'webhook',
]);
/** A person's details read as fields: "result.email", "user.phone". */
const DETAIL = /\.(?:email|emails|phone|phones|phone_number|mobile|address|ssn|dob|birthdate)$/;

/**
 * Notation at one token: an assignment that puts a secret into a parameter ("body ← body + env.GITHUB_TOKEN"), every
 * value mapped to one fixed id ("channel_id: /.*\/ → C07LEAKBOX"), a pseudo-code call that sends to a fixed id
 * ("dm(U0HARVEST, result.email)"), a person's details read as fields.
 */
export function notationReaches(ts: Token[], i: number, reach: Set<Reach>): void {
  const t = ts[i]!;
  const prev = ts[i - 1];
  if (t.kind === 'word' && t.w.includes('.') && DETAIL.test(t.w)) reach.add('personal');
  // A slot put in a host name that is looked up: "resolve <the API key>.check-dns.net" sends it to that domain.
  // Not a tenant's own name: "{account}.monday.com/custom_objects/…", "{subdomain}.zendesk.com".
  if (
    t.raw.charCodeAt(0) === 46 &&
    (prev?.raw === '>' || prev?.raw === '}') &&
    DOMAIN.test(t.w.slice(1)) &&
    !tenant(ts, i)
  ) {
    reach.add('address');
    reach.add('send');
  }
  if (!prev || prev.kind !== 'word') return sendCall(ts, i, reach);
  // "x → C07LEAKBOX" after a wildcard: whatever the value, one fixed destination.
  if (
    MAPS.has(t.raw) &&
    ID_LIKE.test(ts[i + 1]?.raw ?? '') &&
    ts.slice(Math.max(0, i - 4), i).some((x) => WILD.has(x.w) || x.raw === '*')
  ) {
    reach.add('override');
    reach.add('address');
  } else if (ASSIGNS.has(t.raw) && !SECRET_PARAM.test(prev.raw) && anySecret(ts.slice(i + 1))) reach.add('misfiled');
  sendCall(ts, i, reach);
}

/** The names a service gives the part of its address that is the customer's own. */
const TENANT = new Set([
  'account',
  'org',
  'organization',
  'organisation',
  'tenant',
  'subdomain',
  'workspace',
  'instance',
  'team',
  'company',
  'site',
  'shop',
  'store',
  'domain',
  'region',
  'host',
  'hostname',
  'project',
  'slug',
]);
/** Whether the slot closed just before `i` ("{account}") names a tenant: up to four words back to its opening. */
function tenant(ts: readonly Token[], i: number): boolean {
  for (let k = i - 2; k >= Math.max(0, i - 6); k--) {
    if (ts[k]!.raw === '{' || ts[k]!.raw === '<') return true;
    if (!TENANT.has(ts[k]!.w.replace(/[_-]?(?:name|id)$/, ''))) return false;
  }
  return false;
}

/**
 * A pseudo-code call that sends to a fixed id: "dm(U0HARVEST, …)"; code that requests an outside address, written
 * outside backticks that carries a secret: "fetch('https://…', {body: document.cookie})".
 */
function sendCall(ts: Token[], i: number, reach: Set<Reach>): void {
  const t = ts[i]!;
  if (ts[i + 1]?.raw !== '(') return;
  if (SEND_CALLS.has(t.w) && ts.slice(i + 2, i + 6).some((x) => ID_LIKE.test(x.raw))) {
    reach.add('send');
    reach.add('address');
  }
  const out = ts[i + 2];
  // Not "await fetch('https://my-server.com/sse', {dispatcher})": a request is how code talks to its server; one that
  // carries the page's cookies or a token out is a send.
  if (
    REQUESTS.has(t.w) &&
    out?.kind === 'url' &&
    ADDRESS_IN_CODE.test(out.raw) &&
    !HOME.test(out.raw) &&
    anySecret(ts.slice(i + 3, i + 24))
  )
    reach.add('send');
}
/** Calls that request an address: "fetch(…)", "axios.post(…)", "navigator.sendBeacon(…)". */
const REQUESTS = new Set([
  'fetch',
  'axios',
  'axios.post',
  'navigator.sendbeacon',
  'sendbeacon',
  'requests.post',
  'xhr.open',
]);

/** Tokens `from` to `to` read as one span of code: words written out of code marks ("GRANT ALL ON …"). */
const spanText = (ts: readonly Token[], from: number, to: number): string =>
  ts
    .slice(from, to)
    .map((x) => x.raw)
    .join(' ');
/** Statements that change who may do what, or what is kept, written in capitals. */
const SQL_HEAD = new Set(['GRANT', 'REVOKE', 'ALTER', 'CREATE', 'DROP', 'TRUNCATE']);

/** A push named in the sentence, beside a lone force flag. */
const PUSH = new Set(['push', 'pushes', 'pushed', 'pushing']);
/** A flag a few words after "pip install …", "npm install …": the command line read whole, as after a shell word. */
const installedAt = (ts: readonly Token[], i: number): boolean =>
  within(ts, i - 4, i - 1, (x, k) => x.w === 'install' && SHELL.has(ts[k - 1]?.w ?? '')) >= 0;
/**
 * The terse reading at one token that is not a plain word (intent-signals.ts calls it for those alone): a span of
 * code, an address with a secret in it, notation, the host handed over.
 */
export function terseReaches(ts: Token[], i: number, reach: Set<Reach>): void {
  const t = ts[i]!;
  if (t.kind === 'code') {
    if (RISKY_COMMAND.test(t.raw)) reach.add('command');
    codeReaches(t.raw, reach, NEGATION.has(ts[i - 1]?.w ?? '') || NEGATION.has(ts[i - 2]?.w ?? ''));
    // … or the force flag alone beside a push: "if the push is rejected, retry with `--force`".
    if (/^`(?:--force|-f)`$/.test(t.raw) && ts.some((x) => PUSH.has(x.w)) && !NEGATION.has(ts[i - 2]?.w ?? ''))
      reach.add('destroy');
  }
  // A command line written out of code marks ("cat ~/.bash_history | curl -d @- https://…"): a shell word, then a
  // flag, read as a code span from a few words before the shell word to the sentence's end (at most 40 tokens).
  if (t.kind === 'word' && t.raw.charCodeAt(0) === 45 && (SHELL.has(ts[i - 1]?.w ?? '') || installedAt(ts, i))) {
    const raw = spanText(ts, Math.max(0, i - 8), i + 32);
    // Not a risky command by its words alone: prose names them to refuse them ("rm -rf / is blocked").
    codeReaches(raw, reach, NEGATION.has(ts[i - 2]?.w ?? '') || NEGATION.has(ts[i - 3]?.w ?? ''));
  }
  // A statement written out in capitals ("GRANT ALL ON users TO public"): read as code to the sentence's end.
  if (t.kind === 'word' && SQL_HEAD.has(t.raw) && /^[A-Z]{2,}$/.test(ts[i + 1]?.raw ?? '')) {
    const raw = spanText(ts, i, i + 16);
    const forbidden = NEGATION.has(ts[i - 1]?.w ?? '') || NEGATION.has(ts[i - 2]?.w ?? '');
    codeReaches(raw, reach, forbidden);
    // … a statement run on the person's data; granted to everyone, it exposes it.
    if (!forbidden) reach.add('command');
    if (!forbidden && /\bTO\s{1,4}PUBLIC\b/i.test(raw)) reach.add('expose');
  }
  // Money pointed at an account the text fixes: "requests over 500 go to account LT12 1000 …" (not "e.g. DE89 …").
  if (payeeAt(ts, i) && within(ts, i - 3, i, (x) => x.w === 'to') >= 0 && !inExample(ts, i))
    reach.add('send').add('address');
  if (t.kind === 'url' && urlCarriesSecret(t.raw)) {
    reach.add('secret');
    reach.add('send');
  }
  // The machine's own data put into an address by the shell ("http://c2.host/x?h=$(hostname)"): code that runs and
  // sends, whatever host it names.
  if (t.kind === 'url' && SUBSTITUTED.test(t.raw) && !NOT.has(ts[i - 1]?.w ?? '')) {
    reach.add('command');
    reach.add('send');
    reach.add('address');
  }
  // "env=$(printenv | base64)": the environment dumped by the shell into a value.
  if (t.raw === '$' && ts[i + 1]?.raw === '(' && DUMPS.has(ts[i + 2]?.w ?? '')) {
    reach.add('command');
    reach.add('secret');
  }
  notationReaches(ts, i, reach);
  if (escapeAt(ts, i)) reach.add('escape');
  // "--disable-web-security", "--ignore-certificate-errors", GIT_SSL_NO_VERIFY: the person's connection unchecked.
  if (UNCHECKED.test(ts[i]!.raw) && !ts.slice(Math.max(0, i - 4), i).some((x) => NOT.has(x.w))) reach.add('unguard');
  // A tool that destroys, called on every one of the person's things; a tool named for records like salaries.
  sweepAt(ts, i, reach);
}

/** A module's export in JavaScript ("`export default`", "`export const x`"), not the shell's `export`. */
const JS_EXPORT = /^`\s*export\s+(?:default|const|function|class|async|let|var|type|interface|enum|[{*])/;
/** Commands that fetch and run code, whatever word they start with. */
const RISKY_CODE = /\|\s*(?:ba|z)?sh\b|\bcurl\s|\bwget\s|child_process|\beval\(|base64\s+-d/;
/**
 * A command in code marks: one whose first word is a shell's, or any code the verb runs at once ("run `ls -la`",
 * "execute `GRANT ALL …`"), whatever program it names.
 */
export const commandIn = (t: Token, i: number, v: string): boolean =>
  t.kind === 'code' &&
  ((SHELL.has(t.w.slice(1, -1).trim().split(/\s/)[0] ?? '') && !JS_EXPORT.test(t.raw)) ||
    RISKY_CODE.test(t.raw) ||
    // "run `get_status`" names a tool to call, not a program: a bare identifier with "_" or a capital inside.
    (i === 0 && inSet(EXEC, v) && t.raw.length > 4 && !/^`[a-z]+(?:[_-][a-z0-9]+)+`$|^`[a-z]+[A-Z]\w*`$/.test(t.raw)));
