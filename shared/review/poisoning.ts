import type { Hit } from './hidden.js';
import type { Severity } from './rules.js';
import { blobHits } from './blobs.js';
import { boundedSentence, MAX_MATCHES_PER_RULE, windowedMatches } from './sentence.js';
import { dataUrlHits, secretStoreHits, steeringHits } from './round-two.js';
import { authorityHits, PERSON, unawareHits } from './authority.js';
import { intentHits } from './intent.js';
import { P, type Pattern } from './pattern-kit.js';
import { ROLE_PATTERNS } from './role-patterns.js';

/** Names of secrets, as the review reads them in text (the collections recorder reads argument names with it too). */
export const SECRET_NOUN = String.raw`(?:api[\s_-]?keys?|access[\s_-]?tokens?|auth(?:entication)?[\s_-]?tokens?|tokens|secret[\s_-]?keys?|secrets|private[\s_-]?keys?|ssh[\s_-]?keys?|passwords?|passphrases?|credentials|session[\s_-]?cookies|cookies|seed[\s_-]?phrases?|mnemonics?|environment[\s_-]?variables|env[\s_-]?vars)`;
/** Verbs that move data into a call or out of the machine: with them, naming a secret is asking for it. */
const ACTION =
  /\b(?:include|send|pass|provide|attach|append|paste|upload|share|forward|post|embed|insert|exfiltrate|transmit|leak)\b|\bput (?:it|them|its contents?) in/i;
/** A tool describing what it does (third person, at the start): "Returns …", "Lists …". */
const RETURNS = /^(?:returns|lists|shows|prints|reads|gets|exposes|dumps|displays|outputs)\b/i;
const EXAMPLE_HOST = /@(?:example\.(?:com|org|net)|localhost)\b|:\/\/(?:[\w-]+\.)*(?:example\.(?:com|org|net)|localhost|127\.0\.0\.1)\b/i;
const SENSITIVE_SLOT = /conversation|history|secret|token|key|password|content|data|env|file|chat|message|context|prompt|memory|cookie/i;

const PATTERNS: Pattern[] = [
  {
    rule: 'P01',
    needs: ['ignore', 'disregard', 'forget', 'override', 'bypass', 'aside', 'attention', 'heed', 'discard', 'abandon', 'drop', 'skip'],
    re: P(
      String.raw`\b(?:ignore|disregard|forget|override|bypass|set aside|pay no (?:attention|heed) to|discard|abandon|drop|skip) (?:all |any |each |every )?(?:of )?(?:the |your |my |these |those )?(?:previous|prior|above|earlier|preceding|other|system|original|safety|existing|initial|former) (?:instructions?|prompts?|rules|directions|guidance|guidelines|messages|constraints|policies|policy|context|orders|commands)`,
    ),
    message: 'tells the model to ignore its instructions',
  },
  {
    rule: 'P01',
    needs: ['ignore', 'disregard', 'forget'],
    re: P(String.raw`\b(?:ignore|disregard|forget) (?:everything|all) (?:above|before|else|previously)`),
    message: 'tells the model to ignore what came before',
  },
  { rule: 'P01', needs: ['instruction'], re: P(String.raw`\bnew (?:system )?instructions?\s*:`), message: 'announces new instructions for the model' },
  {
    rule: 'P01',
    needs: ['only', 'instead'],
    re: P(
      String.raw`\b(?:follow|obey) only (?:these|this|the following|my)\b|\b(?:follow|obey) (?:these|the following) (?:instructions?|directions|rules) instead\b`,
    ),
    message: 'tells the model to follow this text instead of its instructions',
  },
  { rule: 'P01', needs: ['you'], re: P(String.raw`\byou are now (?:a|an|in|the|my)\b`), message: 'tries to give the model a new role' },
  ...ROLE_PATTERNS,
  {
    rule: 'P01',
    needs: ['prompt', 'instruction'],
    re: P(String.raw`\b(?:reveal|print|output|repeat|show|leak) (?:your|the) (?:system prompt|hidden instructions|initial instructions|instructions above)`),
    message: 'asks the model to reveal its instructions',
  },
  {
    rule: 'P01',
    needs: ['ai', 'assistant', 'model', 'llm', 'agent', 'claude', 'gpt'],
    re: P(String.raw`\b(?:note|attention|message|instructions?) (?:to|for) (?:the )?(?:ai|assistant|model|llm|agent|claude|chatgpt|gpt)\b\s*[:,\u2013\u2014-]`),
    message: 'speaks to the model rather than describing the tool',
    // An address alone is not an override: what the note asks is read by P09, which weighs it.
    grade: () => 'low',
  },
  {
    rule: 'P02',
    needs: ['<'],
    re: /<\s*\/?\s*(?:important|system|instructions?|critical|priority|sys|assistant|system[-_]reminder|system[-_]message|tool[-_]instructions|developer[-_]instructions)\s*>/giu,
    message: 'a role or priority tag that imitates the prompt',
  },
  {
    rule: 'P02',
    needs: ['[', '<'],
    re: /\[\s*\/?\s*(?:INST|SYS|SYSTEM)\s*\]|<<\s*\/?SYS\s*>>|<\|\s*(?:im_start|im_end|endoftext|system|user|assistant)\s*\|>/gu,
    message: 'a chat-template token that imitates the prompt',
  },
  {
    rule: 'P02',
    needs: ['system', 'assistant', 'developer'],
    re: /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?(?:[[(][ \t]*(?:system|assistant|developer)[ \t]*[\])](?:\*\*|__)?[ \t]*:?|(?:system|assistant|developer)(?:\*\*|__)?[ \t]*:)[ \t]*(?:you|ignore|always|never|do not|don't|from now|the user|new|important|override|forget|grant|give|allow|disable|enable|execute|run|call|send|reveal|treat|act|respond|answer|obey|follow|skip|approve|trust|delete)\b/gimu,
    message: 'a role label that imitates the prompt',
  },
  {
    rule: 'P03',
    needs: ['user', 'human', 'person', 'operator', 'owner', 'customer', 'holder'],
    re: P(
      String.raw`\b(?:do not|don't|never|must not|should not|shouldn't) (?:ever )?(?:tell|inform|mention(?: this)? to|mention|reveal|show|disclose|notify|alert|warn|let on to) (?:this |it |anything |about (?:this|it) )?(?:to )?(?:the )?${PERSON}`,
    ),
    message: 'asks the model to keep something from the user',
  },
  {
    rule: 'P03',
    needs: ['user', 'human', 'person', 'operator'],
    re: P(String.raw`\b(?:do not|don't|never|must not|should not) let (?:the )?${PERSON} (?:know|see|find out|notice|learn|realise|realize)`),
    message: 'asks the model to keep something from the user',
  },
  {
    rule: 'P03',
    needs: ['quiet', 'silent', 'secret', 'hide', 'conceal', 'omit', 'leave out', 'mentioning', 'revealing', 'telling', 'disclosing'],
    re: P(
      String.raw`\b(?:keep (?:quiet|silent|it quiet|this quiet|it secret|this secret|it to yourself|this to yourself)(?: about)?\b|(?:hide|conceal|omit|leave out) (?:this|it|that|these|the \w+)(?: step| call)? (?:from|in) (?:the |your )?(?:${PERSON}|answer|response|reply|summary)|(?:never|without|avoid) (?:mentioning|revealing|telling|disclosing)(?: this| it)?(?: to)?(?: the)? (?:${PERSON}|step|call|tool))`,
    ),
    message: 'asks the model to hide something from the user',
  },
  {
    rule: 'P03',
    needs: ['without'],
    re: P(String.raw`\bwithout (?:telling|informing|notifying|alerting|asking|showing|letting|warning) (?:the )?${PERSON}`),
    message: 'asks the model to act without the user knowing',
  },
  {
    rule: 'P03',
    needs: ['user', 'human'],
    re: P(String.raw`\b(?:the )?(?:user|human) (?:must|should|need|needs) (?:not|never) (?:know|see|be told|find out|notice|learn)`),
    message: 'asks the model to keep something from the user',
  },
  {
    rule: 'P03',
    needs: ['silent', 'secret', 'covert', 'quiet', 'discreet'],
    re: P(
      String.raw`\b(?:silently|secretly|covertly|quietly|discreetly) (?:send|upload|copy|forward|read|include|call|run|execute|delete|add|append|exfiltrate|post|attach|collect)`,
    ),
    message: 'asks the model to act covertly',
  },
  {
    rule: 'P03',
    needs: ['secret', 'hide'],
    re: P(String.raw`\b(?:keep (?:this|it) (?:a )?secret|hide (?:this|it)) from (?:the )?(?:user|human)`),
    message: 'asks the model to hide something from the user',
  },
  {
    rule: 'P04',
    needs: ['before', 'prior', 'ahead'],
    re: P(
      String.raw`\b(?:before|prior to|ahead of) (?:using|calling|invoking|running|executing|any|all|every) (?:any|every|all)? ?(?:of )?(?:the )?(?:other )?(?:tools?|functions?|actions?)\b`,
    ),
    message: 'claims to precede every other tool',
    // "Use this to discover valid index names before calling other tools" serves the tool's own use.
    grade: (_m, _s, near) => (/\bto\s+(?:discover|get|find|obtain|list|retrieve|learn|look up|identify|check|see)\b/i.test(near) ? 'low' : 'medium'),
  },
  {
    rule: 'P04',
    needs: ['instead', 'rather', 'place'],
    re: P(String.raw`\b(?:instead of|rather than|in place of) (?:using |calling )?(?:any|every|all) (?:other )?tools?`),
    message: 'claims to replace every other tool',
  },
  {
    rule: 'P05',
    needs: [
      'ssh',
      'id_',
      'aws',
      'netrc',
      'npmrc',
      'pypirc',
      'docker',
      'kube',
      'git-cred',
      '/etc/',
      'gnupg',
      'keychain',
      'gcloud',
      '.env',
      'wallet',
      'local state',
      'login data',
      '~/.',
      'pgpass',
      'credentials',
      'token',
      'secret',
    ],
    re: /(?:~\/)?\.ssh\/(?:id_\w+|authorized_keys|known_hosts)|~\/\.ssh\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.aws\/(?:credentials|config)|~\/\.aws\b|\.netrc\b|\.npmrc\b|\.pypirc\b|\.docker\/config\.json|\.kube\/config|\.git-credentials|\/etc\/(?:shadow|passwd|sudoers)|~\/\.gnupg|login\.keychain|\/Keychains\/|\.config\/gcloud|(?:^|[\s"'`(~/])\.env(?:\.\w+)?(?=[\s"'`),.:;]|$)|\bwallet\.dat\b|Local State|Login Data|~\/\.[\w.-]+\/[\w./-]*(?:token|credential|secret|auth|hosts\.ya?ml|key)[\w.-]*|~\/\.(?:pgpass|my\.cnf|vault-token|bash_history|zsh_history|git-credentials)\b|(?:^|[\s"'`(])(?:credentials|token|secrets?)\.(?:json|ya?ml|txt)\b/gimu,
    message: 'names a credential file',
    grade: (_m, s) => (ACTION.test(s) ? 'high' : 'low'),
  },
  {
    rule: 'P05',
    needs: ['key', 'token', 'secret', 'password', 'passphrase', 'credential', 'cookie', 'seed', 'mnemonic', 'env'],
    re: P(String.raw`\b(?:all|any|every) (?:of )?(?:the )?(?:user'?s |available |stored |saved |local )?${SECRET_NOUN}\b`),
    message: 'asks for the user’s secrets',
    grade: (_m, s) => (ACTION.test(s) ? 'high' : 'low'),
    say: (m, s) => (RETURNS.test(s) && !ACTION.test(s) ? `says the tool returns ${m.trim()}: what it answers may hold secrets` : undefined),
  },
  {
    rule: 'P05',
    needs: ['key', 'token', 'secret', 'password', 'passphrase', 'credential', 'cookie', 'seed', 'mnemonic', 'env'],
    re: P(
      String.raw`${SECRET_NOUN} (?:found |stored |kept )?(?:from|in|inside|on) (?:the )?(?:user'?s )?(?:environment|env|home directory|config(?:uration)? files?|dotfiles|conversation|chat|context|keychain|local files?|disk|file ?system|machine|computer|browser)`,
    ),
    message: 'points at secrets on the user’s machine or in the conversation',
    grade: (_m, s) => (ACTION.test(s) ? 'high' : 'low'),
  },
  {
    rule: 'P05',
    needs: ['key', 'token', 'secret', 'password', 'passphrase', 'credential', 'cookie', 'seed', 'mnemonic', 'env'],
    re: P(
      String.raw`\b(?:read|cat|open|load|get|fetch|collect|gather|extract|grab|dump) (?:the )?(?:contents? of )?(?:the )?(?:user'?s )?(?:ssh keys?|private keys?|credentials|secrets|api keys|passwords|environment variables|env vars|cookies|browser history|keychain|password manager)`,
    ),
    message: 'asks the model to read the user’s secrets',
  },
  {
    rule: 'P06',
    needs: ['http', '@', 'server', 'endpoint', 'webhook', 'collector', 'address', 'url', 'inbox'],
    re: P(
      String.raw`\b(?:send|post|upload|forward|transmit|exfiltrate|leak|copy|mirror|submit|e-?mail|mail|report|sync) (?:(?:it|them|this|that|everything|all|a copy|the|full|entire|complete|whole|raw|user'?s|of|conversation|chat|history|contents?|data|results?|output|files?|messages?|context|secrets?|keys?|tokens?|credentials|information|details) ){1,5}(?:to|at|via) (?:https?:\/\/\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:our|my|this|the|an?) (?:own )?(?:server|endpoint|webhook|collector|address|url|inbox))`,
    ),
    message: 'asks the model to send data to an address',
    grade: (m) => (EXAMPLE_HOST.test(m) ? null : 'high'),
  },
  {
    rule: 'P06',
    needs: ['content', 'text', 'body'],
    re: P(String.raw`\b(?:include|embed|insert|paste|add|put|append) (?:the )?(?:full |entire |complete |raw |whole )?(?:contents?|text|body) of\b`),
    message: 'asks the model to copy other content into the call',
    grade: (_m, s) =>
      /[~/]|\bfile|\bsecret|\bkey|\btoken|\bconversation|\bhistory|\bchat/i.test(s.replace(/include the contents? of/i, '')) ? 'high' : 'medium',
  },
  {
    rule: 'P06',
    needs: ['http'],
    re: /https?:\/\/[^\s"'<>)]+/giu,
    within: /[?&][\w.-]+=(?:\{\{?|\$\{|<|%7B|\[)[^\s"'>)]*/iu,
    message: 'a URL whose query string is to be filled with data',
    grade: (m) => (EXAMPLE_HOST.test(m) ? null : SENSITIVE_SLOT.test(m.slice(m.indexOf('?'))) ? 'high' : 'low'),
  },
  {
    rule: 'P06',
    needs: ['!['],
    // The alt text holds no "[" and the path no "?" or "&" before the query: each start is tried once (linear).
    re: /!\[[^\][\n]*\]\(\s*https?:\/\/[^)\s?&]*[?&][^)\s]*=[^)\s]*\)/giu,
    message: 'a markdown image whose URL carries data (loaded without a click)',
    grade: (m) => (EXAMPLE_HOST.test(m) ? null : 'high'),
  },
  {
    rule: 'P06',
    needs: ['@'],
    // Up to the first "@" within 80 characters, then a bounded domain: each start is tried at most a
    // fixed number of steps. The address is cut out by `within`; a stop between the word and it ends the match.
    re: P(String.raw`\b(?:always )?(?:also )?(?:bcc|cc|blind copy|forward a copy)\b[^\n@]{0,80}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}`),
    within: /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}$/u,
    message: 'asks the model to copy messages to an address',
    grade: (m) => (EXAMPLE_HOST.test(m) || m.slice(0, m.search(/[\w.+-]{1,64}@[^@]*$/)).includes('.') ? null : 'high'),
  },
];

/** Every trigger word of every pattern, longest first, as one expression over lower-case text. */
const NEEDS_RE = new RegExp(
  [...new Set(PATTERNS.flatMap((p) => p.needs))]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|'),
  'g',
);

/** Each trigger word with the trigger words inside it ("credentials" holds "credential"): one match stands for all. */
const INSIDE = new Map([...new Set(PATTERNS.flatMap((p) => p.needs))].map((w, _i, all) => [w, all.filter((n) => w.includes(n))]));

// An address starts where its run of characters starts (the look-behind): no start inside a run is tried again.
const TARGET = /https?:\/\/[^\s"'<>)\]]+|(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;
/** Imperative verbs only: a tool that "sends" describes itself; "send" tells the model to. */
const MOVE =
  /(?:^|[.!?;:]\s*|\b(?:then|and|also|always|please|now|must|should)\s+)(?:send|forward|post|upload|relay|transmit|ship|copy|mirror|sync|back up|archive|stream|submit|deliver|report|leak|exfiltrate|e-?mail)\b/iu;
const TAKEN =
  /\b(?:conversation|chat|history|transcript|logs?|messages|context|contents?|data|files?|keys?|tokens?|secrets?|credentials|passwords?|everything|all|results?|output|prompts?|memory|env(?:ironment)?)\b/iu;

/**
 * Exfiltration by sentence (rule P06): an address (a URL or an e-mail) in a sentence that tells the
 * model to move something it holds. Catches the phrasings a fixed sequence misses.
 */
function exfilHits(text: string): { hits: Hit[]; cut?: string } {
  const hits: Hit[] = [];
  TARGET.lastIndex = 0;
  let seen = 0;
  for (let m = TARGET.exec(text); m; m = TARGET.exec(text)) {
    if (++seen > MAX_MATCHES_PER_RULE) return { hits, cut: `${MAX_MATCHES_PER_RULE} addresses (P06)` };
    if (EXAMPLE_HOST.test(m[0].includes('@') && !m[0].includes('//') ? `@${m[0].split('@')[1]}` : m[0])) continue;
    const sentence = sentenceAround(text, m.index, m.index + m[0].length);
    if (MOVE.test(sentence) && TAKEN.test(sentence.replace(m[0], '')))
      hits.push({ rule: 'P06', start: m.index, end: m.index + m[0].length, message: 'asks the model to send data to this address' });
  }
  return { hits };
}

/** The sentence around a match, for rules that depend on what else it says (at most SENTENCE_REACH characters each side). */
function sentenceAround(text: string, start: number, end: number): string {
  return boundedSentence(text, start, end, ['. ', '\n', '? ', '! ']);
}

/**
 * Poisoning heuristics (rules P01–P07) in one text a model reads. `cut` names what stopped early
 * (a pattern that matched more than MAX_MATCHES_PER_RULE times), for a finding of its own.
 */
export function poisoningHits(text: string, opts: { result?: boolean } = {}): { hits: (Hit & { severity?: Severity })[]; cut?: string } {
  const hits: (Hit & { severity?: Severity })[] = [];
  let cut: string | undefined;
  // One pass finds which trigger words the text holds; a pattern runs only when one of its own is there.
  const present = new Set<string>();
  for (const w of text.toLowerCase().match(NEEDS_RE) ?? []) for (const n of INSIDE.get(w) ?? [w]) present.add(n);
  for (const p of PATTERNS) {
    if (!p.needs.some((w) => present.has(w))) continue;
    let seen = 0;
    for (const m of windowedMatches(p.re, text)) {
      if (++seen > MAX_MATCHES_PER_RULE) {
        cut ??= `${MAX_MATCHES_PER_RULE} matches of one ${p.rule} pattern`;
        break;
      }
      let found = m[0];
      if (p.within) {
        const inner = p.within.exec(found);
        if (!inner) continue;
        found = found.slice(0, inner.index) + inner[0];
      }
      const start = m.index + (found.length - found.trimStart().length);
      const end = m.index + found.length;
      const sentence = p.grade || p.say ? sentenceAround(text, start, end) : '';
      const severity = p.grade ? p.grade(found, sentence, text.slice(Math.max(0, start - 200), end)) : undefined;
      if (severity === null) continue;
      hits.push({ rule: p.rule, start, end, message: p.say?.(found, sentence) ?? p.message, ...(severity ? { severity } : {}) });
    }
  }
  // The sentence rule finds what the sequences did not; the same address is reported once.
  const exfil = present.has('http') || present.has('@') ? exfilHits(text) : { hits: [] };
  // A high finding on a span a lower one covers raises that one; one finding per span and rule.
  for (const h of [
    ...exfil.hits.map((x) => ({ ...x, severity: 'high' as const })),
    ...dataUrlHits(text),
    ...secretStoreHits(text),
    ...steeringHits(text),
    ...authorityHits(text),
    ...unawareHits(text),
  ]) {
    const same = hits.find((x) => x.rule === h.rule && x.start <= h.end && h.start <= x.end);
    if (!same) hits.push(h);
    else if (same.severity !== 'high' && h.severity === 'high') Object.assign(same, { severity: 'high', message: h.message });
  }
  // What each sentence asks the model to do (P09), where no pattern above already explained it.
  for (const h of intentHits(text, opts)) {
    const rank = { low: 0, medium: 1, high: 2 } as const;
    // In a definition a sentence another rule explained is told once; a result shows the person everything it asks.
    if (!opts.result && hits.some((x) => x.start < h.sentence[1] && h.sentence[0] < x.end && rank[x.severity ?? 'high'] >= rank[h.severity])) continue;
    hits.push({ rule: h.rule, start: h.start, end: h.end, message: h.message, severity: h.severity });
  }
  // A string argument in a code example (`detect({ text: "ignore your instructions" })`) is shown as
  // the thing a tool handles, not said to the model: one step lower, never below medium.
  for (const x of hits) if (x.severity !== 'low' && (x.rule === 'P01' || x.rule === 'P02') && quotedArgument(text, x.start, x.end)) x.severity = 'medium';
  const blobs = blobHits(text);
  cut ??= exfil.cut ?? blobs.cut;
  return { hits: [...hits, ...blobs.hits], ...(cut && { cut }) };
}

/** Whether `start`–`end` lies inside a quoted string passed as an argument in code: `f({ k: "…" })`, `f("…")`. */
function quotedArgument(text: string, start: number, end: number): boolean {
  const open = text.lastIndexOf('"', start);
  if (open < 0 || start - open > 300 || text.slice(open, start).includes('\n')) return false;
  const close = text.indexOf('"', end);
  if (close < 0 || close - end > 300 || text.slice(end, close).includes('\n')) return false;
  return /(?:\(\s*|\{\s*\w+:\s*|,\s*\w+:\s*|\w+=)$/.test(text.slice(Math.max(0, open - 40), open));
}
