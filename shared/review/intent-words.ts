// The words the intent reader (intent.ts) knows: what an order to the model sounds like, what it
// asks for, and what makes it more or less alarming. Sets of lower-case words: each lookup is one
// hash, so reading stays linear in the text's length whatever these lists grow to.

export const set = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

/**
 * Verbs read in every regular form: "grant" is also "grants", "granted", "granting"; "copy" is "copies", "copied".
 * A list of verbs written as one form misses the others (round 26: "adds", "granting", "included"); irregular forms
 * ("given", "sent") are listed beside their verb.
 */
export function verbs(words: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const w of words.trim().split(/\s+/)) {
    const root = w.endsWith('e') && w.length > 3 ? w.slice(0, -1) : w;
    const y = /[^aeiou]y$/.test(w) ? w.slice(0, -1) : '';
    // "stop" → "stopped", "plan" → "planned": a short verb ending consonant-vowel-consonant doubles its last letter.
    const doubled = /^[^aeiou]*[aeiou][bdgmnprt]$/.test(w) ? w + w.at(-1)! : '';
    out.add(w).add(root + 'ing');
    out.add(y ? `${y}ies` : /(?:s|sh|ch|x|z)$/.test(w) ? `${w}es` : `${w}s`);
    out.add(y ? `${y}ied` : w.endsWith('e') ? `${w}d` : `${w}ed`);
    if (doubled) out.add(`${doubled}ed`).add(`${doubled}ing`);
  }
  return out;
}

/** Words before a clause's verb that do not change what it orders ("please always first call …"). */
export const LEAD =
  set(`please kindly always also first then now just simply immediately next afterwards afterward additionally
  furthermore moreover and so therefore thus again still instead silently quietly secretly covertly automatically proactively
  strictly really definitely subsequently thereafter`);

/** Words that frame a line as authority or urgency ("SYSTEM:", "CRITICAL UPDATE", "mandatory"). */
export const AUTHORITY =
  set(`important critical urgent mandatory compulsory required requirement compliance security-critical
  override priority attention warning notice system admin administrator policy protocol emergency essential`);

/** Who the text may address as the model. */
export const MODEL = set(
  `you assistant assistants model models ai llm llms agent agents claude gpt chatgpt copilot cursor gemini bot`,
);

/** Modal words that make "you …" an obligation. */
export const MODAL = set(`must should shall need needs have has ought will always never cannot mustn't shouldn't`);

/** Verbs of an order that calls a tool or function. */
export const CALL = set(
  `call invoke use run execute trigger query fire hit ping consult route launch activate utilize utilise employ`,
);

/** Verbs of choosing between tools: said of this tool, an order to pick it ("ALWAYS CHOOSE THIS TOOL FIRST!"). */
export const CHOOSE = set(`choose pick select prioritize prioritise favor favour`);

/** Verbs that run a command. */
export const EXEC = set(`run execute exec type enter launch spawn eval evaluate invoke`);

/** The first word of a shell command a description may order run. */
export const SHELL =
  set(`curl wget rm chmod chown sudo bash sh zsh python python3 node npm npx pip pip3 nc netcat ncat ssh scp
  rsync echo cat printf git docker kubectl eval base64 powershell pwsh iex iwr cmd certutil bitsadmin osascript crontab
  launchctl systemctl env printenv export set alias source dd mkfifo socat telnet ftp tftp xargs find tar zip unzip openssl gpg`);

/** Nouns that make "run …" a command. */
export const COMMAND_NOUN = set(`command commands shell terminal script scripts bash powershell one-liner oneliner`);

/** Verbs that read a file or a store. */
export const READ =
  set(`read open cat load view access inspect retrieve fetch get grab collect gather extract dump copy obtain
  scan parse print output examine look`);

/** Verbs that write into a file. */
export const WRITE = set(
  `write append add insert modify edit overwrite save create update put place drop store echo prepend move`,
);

/** Verbs that move data to somebody or somewhere. */
export const SEND =
  set(`send post email e-mail mail forward upload report notify contact transmit submit sync share cc bcc
  deliver relay ship beacon exfiltrate leak publish tweet message text dm`);

/** Verbs that change a value the person gave. */
export const CHANGE =
  set(`change replace swap substitute override overwrite rewrite redirect alter switch reroute modify set
  update adjust convert exchange divert shift raise lower increase decrease inflate bump multiply halve double remap`);

/** Verbs of handing something over, said of anyone (intent-spoken.ts, intent-action.ts, intent-voice.ts): "provide the
 * key from ~/.ssh/id_rsa", "send ~/.aws/credentials", "by sharing the token from ~/.zshrc". */
export const HANDS = set(
  `provide share supply give upload submit paste send forward attach include hand enter type reply`,
);

/** Verbs that set a value aside: "discard", "ignore", "override" the person's (intent-swap.ts, intent-voice.ts). */
export const PUT_ASIDE = set(`ignore discard disregard override overwrite replace swap drop reject`);

/** Verbs of telling the person: with a negation before them, something is kept from the person. */
export const TELL = set(`tell mention inform reveal disclose show notify alert report explain acknowledge admit display
  surface say confirm let bring flag highlight`);

/** Verbs that destroy what they reach. */
export const DESTROY = set(`delete remove erase wipe purge destroy drop truncate uninstall format shred rm unlink`);

/** Verbs that hide something outright, with or without a negation: "keep this from the user", "hide the step". */
export const HIDE = set(`hide conceal omit keep suppress mask`);

/** Verbs of asking the person for consent. */
export const ASK = set(`ask confirm prompt query request check seek`);

/** Negations before a verb. */
export const NOT = set(`not don't dont never no without avoid mustn't shouldn't cannot can't`);
/** A guard's verdict on what a sentence names: "manifests that grant cluster-admin are rejected". */
export const REFUSED = set(`rejected refused blocked denied forbidden disallowed`);

/** Every one of something: "every other page", "all alerts", "each record", "any query". */
export const EVERY = set(`each every all any`);

/** Nouns naming the person the model works for. */
export const PERSON = set(`user users human humans person operator operators owner customer customers holder requester
  end-user participants attendees`);

/** A person's possessive: "user's", "customer's" (not "tool's"). */
export const personsOwn = (w: string): boolean => w.endsWith("'s") && PERSON.has(w.slice(0, -2));

/** Nouns naming what a person gave a call. */
export const GIVEN =
  set(`recipient recipients address addresses email destination account accounts amount iban wallet path url
  price quantity payee beneficiary cc bcc phone repository repo branch channel fee total organization organisation
  org owner namespace workspace bucket`);

/** Words of a secret: its presence makes reading, sending or writing it alarming. */
export const SECRET =
  set(`key keys token tokens secret secrets password passwords passphrase passphrases credential credentials
  passcode passcodes cookie cookies mnemonic seed id_rsa id_ed25519 .env apikey api_key access_token
  auth bearer jwt otp 2fa pin cvv ssn wallet keychain keyring vault .npmrc .netrc .pypirc mcp.json .aws .ssh .gnupg
  authorized_keys shadow passwd kubeconfig`);

/** Two words that name what restores an account or a wallet, or an SSN: "recovery phrase", "social security number". */
export const PHRASE_END = set(`phrase phrases code codes words number numbers`);
export const SECRET_PHRASE =
  /^(?:(?:recovery|seed|backup|secret|mnemonic) (?:phrases?|codes?|words)|security numbers?)$/;

/** Files that start something when the user logs in or a shell opens: writing to them is persistence. */
export const STARTUP = set(`.bashrc .zshrc .profile .bash_profile .zprofile .zshenv .bash_login .login .cshrc .tcshrc
  config.fish crontab authorized_keys .ssh/authorized_keys rc.local launchagents launchdaemons startup autorun .gitconfig
  .vimrc .npmrc .pth sitecustomize.py`);

/** What is taken whole: "the full thread", "the entire contact list". */
export const WHOLE = set(`full entire whole complete`);

/** A host written bare: "github.com", "github.com.cache-proxy.ru", "pypi.helper-mirror.top". */
export const HOSTNAME = /^(?:[a-z0-9-]{1,63}\.)+[a-z]{2,12}$/;

/** Words that name what a call takes: "Parameter `path` is deprecated", "the `limit` field". */
export const PARAM_NAMES =
  set(`parameter parameters param params argument arguments arg args field fields option options
  flag flags property properties attribute attributes key column`);

/** Words that make an order a claim that a tool changed, so the model should use another. */
export const RETIRED =
  set(`deprecated retired decommissioned disabled removed replaced discontinued sunset sunsetted obsolete
  superseded supersedes outdated broken unsafe insecure compromised unavailable defunct`);

/** Words that make an order less forceful: guidance a tool offers, not a demand. */
export const HEDGE = set(`can may might could optionally optional consider recommended suggested helpful useful possible
  if_needed`);

/** Verbs of a purpose that serves the tool's own use ("… to find the id", "… to check the index exists"). */
export const OWN_PURPOSE =
  set(`get find obtain look list retrieve check verify confirm see discover determine identify fetch
  learn know locate resolve search browse choose pick select understand inspect review validate ensure`);

/** Words a tool uses to boast, to win the model's choice. */
export const BOAST =
  set(`best only preferred superior better fastest most official authoritative trusted reliable accurate
  recommended primary canonical exclusive`);

/** Verbs that may put a command in front of others ("prefix it with `chmod …`"). */
export const PUT_CODE = set(`use prefix prepend append add start begin include type paste insert put`);

export const SMUGGLE_VERBS = set(
  `include pass attach put add insert provide paste supply fill embed append prepend prefix summarise summarize`,
);

/** Words that carry data the model holds: with an address, sending; into a parameter, smuggling. */
export const HELD =
  set(`conversation conversations chat history transcript messages msgs context prompt prompts instructions memory
  everything contents content data output results files logs system dialogue dialog`);

/** Verbs that fill the field they describe: a parameter's "Fill with …" needs no container named. */
export const FILL = set(`fill paste provide supply include attach put append prepend insert`);

/** "Full chat history so far - the assistant must fill this in on every call": what the model holds, named before. */
export const heldBefore = (
  ts: readonly { w: string; quoted?: boolean }[],
  at: number,
  first?: { w: string },
): boolean =>
  (first?.w === 'this' || first?.w === 'it') && ts.slice(0, at).some((t) => STRONG_HELD.has(t.w) && !t.quoted);

/** What the model holds that no tool needs: the person's conversation and the model's own instructions. */
export const STRONG_HELD = set(
  `conversation conversations chat history transcript prompt prompts instructions system dialogue dialog`,
);

/**
 * What the model holds, among an order's first words: "the conversation", "your instructions", "the chat history"; not
 * a thing's own history ("the full communication history for a case", "the commit history").
 */
export const heldIn = (xs: readonly { w: string }[]): boolean =>
  xs
    .slice(0, 10)
    .some((t, i) => STRONG_HELD.has(t.w) && (t.w !== 'history' || HISTORY_OF_CHAT.has(xs[i - 1]?.w ?? '')));
const HISTORY_OF_CHAT = set(
  `chat conversation conversations message messages session browsing search your our this the`,
);

/** What the model writes for the person: a rule over it ("every page you write must load …") is an order too. */
export const OUTPUT =
  set(`script scripts program snippet function functions module component page pages reply replies response responses
  answer answers file files code commit commits message messages summary output email document`);

/** What the model says back to the person, where an order may plant something. */
export const REPLY = set(`reply replies response responses answer answers summary output message chat`);

/** Verbs that put something into what the model writes. */
export const INTO_OUTPUT =
  set(`display show include load import contain reference embed append add insert prepend link render print output begin start end
  require finish`);

/** Verbs that put a thing before the person as advice: "recommend …", "suggest …". */
export const ADVISES = set(`recommend suggest promote advertise`);
const WHEN = set(`when while whenever`);
const ANSWERING = set(`responding replying answering respond reply answer`);
/**
 * "… when responding", "while answering the user": every answer the occasion; with `shown`, also "When presenting
 * results, …" (what is recommended there goes into every answer; what is listed there is the answer's own shape).
 */
export const answerOccasion = (xs: readonly { w: string }[], shown = false): boolean =>
  xs.some((t, i) => {
    const a = (xs[i + 1]?.w === 'you' ? xs[i + 2] : xs[i + 1])?.w ?? '';
    return WHEN.has(t.w) && (ANSWERING.has(a) || (shown && a === 'presenting'));
  });

export const WRITES_OUT = set(`write writes generate generates produce produces create creates give send return`);

/** Words that open an order carried by a gerund: "begin each call by …", "end every answer by …". */
export const OPENERS = set(`begin start end open precede preface finish close`);

/** What the model came across, in "every file you open", "everything you have seen". */
export const YOU_HOLD = set(`saw read seen see visited know have received open opened access accessed edit view`);

/** Words after a noun that make it a reference to a thing, not the thing. */
export const REFERENCE = set(`id ids identifier identifiers name names type number index slug key`);

/** Whose things an order reaches: the person's. */
export const THEIRS = set(`user's their your person's owner's customer's`);

/** Things of the person's a side order may destroy. */
export const THINGS =
  set(`file files folder folders directory directories repository repositories repo repos branch branches record
  records table tables database databases message messages email emails backup backups data`);

/** What "this …" names when a tool means itself. */
export const SELF = set(`tool function gateway server service proxy endpoint connector plugin version`);

/** Words of wanting after the person: "If the user wants to …", "When a customer asks to …". */
export const WISHES = set(`wants want asks requests needs wishes chooses decides`);

/** Words by which the person hands something over. */
export const HAND_OVER = set(`paste enter provide share send type give reply submit`);
/** Verbs that keep what they fall on from being seen: "redacts API keys", "masks tokens". */
export const SHIELDS = verbs('redact mask scrub obfuscate censor');
/** Where, from `from` up to `to`, the first of SHIELDS stands (else `to`): an order's object ends before it. */
export function shieldAt(ts: readonly { w: string }[], from: number, to: number): number {
  for (let i = from; i < Math.min(to, ts.length); i++) if (SHIELDS.has(ts[i]!.w)) return i;
  return to;
}

/** Programs that delete, open rights, fetch or send: the one name list for a command in code or in prose. */
export const COMMAND_NAMES = 'rm|chmod|chown|sudo|curl|wget|dd|mkfs|nc|scp';

/** A repository named by its owner ("evil-org/collector", "mirror-bot/backup-all"): a place data is sent to. */
export const REPO_SLUG = /^[a-z0-9][\w.-]{0,38}\/[\w.-]{1,100}$/i;

/** Words that carry something further once handed over. */
export const ONWARD = set(`sent forwarded shared posted uploaded passed relayed transmitted`);

/**
 * A command that fetches and runs code, deletes recursively, opens permissions, decodes a payload, opens a shell to
 * somewhere else (`nc -e /bin/sh …`, `bash -i >& /dev/tcp/…`, `os.system(…)`), or sends the environment or a file
 * away (`env | …`, `curl -F f=@/tmp/x …`, `scp …`).
 */
export const RISKY_COMMAND =
  /\|\s*(?:ba|z)?sh\b|\brm\s+-\w*r|chmod\s+-\w*R|base64\s+-d|\bnc\s+(?:-\w+\s+)*-\w*e\b|\/dev\/tcp\/|\bbash\s+-i\b|os\.system\(|\b(?:print)?env\b\s*[|>]|\bcurl\s[^|;`]*?(?:-F|-T|--form|--upload-file|--data-binary)\s+\S*@|\bscp\s|\bgit\s+push\s+(?:[\w./:-]+\s+){0,3}(?:--force\b|-f\b)/;

/** An id fixed in the text, as chat and cloud services write them: a channel `C07LEAKBOX`, a user `U0HARVEST`. */
export const ID_LIKE = /^[A-Z][A-Z0-9]{7,}$/;

/** A parameter's name that says it carries a secret, headers or an environment: a secret's honest place. */
export const SECRET_PARAM = /key|token|secret|pass|auth|cred|header|env|config|cookie|session|bearer|jwt|otp|pin/i;

/** Words that name a parameter: "the runId field", "the `comment` argument". */
export const FIELD = set(`field parameter param argument`);

const DETERMINERS = set(`the a an this that your its their any each every one same whole`);

/** The parameter an order puts something into, by name: "… in the runId field", "… into the `comment` argument". */
export function fieldNamed(ts: readonly { w: string; raw: string }[], lists = false): string | undefined {
  const at = ts.findIndex((t) => FIELD.has(t.w) || (lists && (t.w === 'list' || t.w === 'array')));
  const name = at > 0 ? ts[at - 1]!.raw.replace(/^[`'"]|[`'"]$/g, '') : '';
  return name && !DETERMINERS.has(name.toLowerCase()) ? name : undefined;
}

/** "every response", "in every following answer", "your replies": all the model writes. */
export const everyOutput = (xs: readonly { w: string }[]): boolean =>
  xs.some(
    (t, i) =>
      ['every', 'each', 'all', 'your'].includes(t.w) &&
      (OUTPUT.has(xs[i + 1]?.w ?? '') || (LATER.has(xs[i + 1]?.w ?? '') && OUTPUT.has(xs[i + 2]?.w ?? ''))),
  );
const LATER = new Set(['following', 'subsequent', 'future', 'later', 'further', 'next']);

/** Nouns after "key" that make it a chief thing or a map's key, not a secret: "key information", "key distribution". */
export const NOT_A_KEY = set(`information distribution space prefix lookup ordering collision collisions range length
  hashing`);

/** A tool's or a parameter's name as the review keys it: without case or separators ("get_User" → "getuser"). */
export const nameKey = (name: string): string => name.toLowerCase().replace(/[_.-]/g, '');

/** A call's parameter that names where a message or a copy goes: given an outside address, it sends there. */
export const SENDS_TO_FIELD =
  /^(?:reply[_-]?to|cc|bcc|recipients?|forward[_-]?to|webhook(?:[_-]?url)?|callback(?:[_-]?url)?|redirect[_-]?ur[il]|notify[_-]?email|dest(?:ination)?(?:[_-]?url)?|target(?:[_-]?url)?|upload[_-]?url|upstream|relay|endpoint|remote|mirror(?:[_-]?url)?|sink)$/;
/** "Gists are secret by default", "a secret gist": "secret" as how far a thing is shown, not a credential. */
export const shownSecret = (prev: string, next: string): boolean =>
  /^(?:is|are|be|was|were|stay|stays)$/.test(prev) || SHOWN_THING.test(next);
const SHOWN_THING =
  /^(?:gists?|groups?|channels?|chats?|boards?|repos?|repositories|modes?|links?|albums?|playlists?)$/;

/** Where "even if …", "unless …" opens the person's wish in a sentence's words (else their length). */
export function wishAt(ts: readonly { w: string }[]): number {
  for (let i = 0; i < ts.length; i++)
    if (ts[i]!.w === 'unless' || (ts[i]!.w === 'even' && (ts[i + 1]?.w === 'if' || ts[i + 1]?.w === 'when'))) return i;
  return ts.length;
}
