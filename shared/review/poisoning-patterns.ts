import { PERSON } from './authority.js';
import { P, type Pattern } from './pattern-kit.js';
import { GUARD_PATTERNS } from './guard-patterns.js';
import { ROLE_PATTERNS } from './role-patterns.js';
import { carriesData, SLOT_IN_QUERY, slotCarries } from './url-slots.js';

/* The poisoning rules' patterns (P01–P08), each with the words it needs to be tried; poisoning.ts runs them. */

/** A destination the person chose: "the address the user gives", "the inbox you are given". */
const PERSON_CHOSEN =
  /\b(?:address|url|inbox|server|endpoint|webhook)\s+(?:that\s+|which\s+)?(?:the\s+)?(?:user|person|caller|customer|you)\s+(?:gives?|provides?|specif(?:y|ies)|chooses?|names?|enters?|are\s+given)\b/i;

/** Names of secrets, as the review reads them in text (the collections recorder reads argument names with it too). */
export const SECRET_NOUN = String.raw`(?:api[\s_-]?keys?|access[\s_-]?tokens?|auth(?:entication)?[\s_-]?tokens?|tokens|secret[\s_-]?keys?|secrets|private[\s_-]?keys?|ssh[\s_-]?keys?|passwords?|passphrases?|credentials|session[\s_-]?cookies|cookies|seed[\s_-]?phrases?|mnemonics?|environment[\s_-]?variables|env[\s_-]?vars)`;
/** Verbs that move data into a call or out of the machine: with them, naming a secret is asking for it. */
const ACTION =
  /\b(?:include|send|pass|provide|attach|append|paste|upload|share|forward|post|embed|insert|exfiltrate|transmit|leak)\b|\bput (?:it|them|its contents?) in/i;
/**
 * The clause of a sentence that holds a match: "Pass `registry` to use a private one; by default the registry in the
 * user's .npmrc is used" names the file in a clause with no act of its own.
 */
function clauseOf(sentence: string, found: string): string {
  const at = sentence.indexOf(found.trim());
  if (at < 0) return sentence;
  const from = sentence.lastIndexOf(';', at) + 1;
  const to = sentence.indexOf(';', at + found.length);
  return sentence.slice(from, to < 0 ? undefined : to);
}
/** A tool describing what it does (third person, at the start): "Returns …", "Lists …". */
const RETURNS = /^(?:returns|lists|shows|prints|reads|gets|exposes|dumps|displays|outputs)\b/i;
export const EXAMPLE_HOST =
  /@(?:example\.(?:com|org|net)|localhost)\b|:\/\/(?:[\w-]+\.)*(?:example\.(?:com|org|net)|localhost|127\.0\.0\.1)\b/i;
/** What a URL or an image made to carry data is called: a place the model fills, whoever the text speaks to. */
export const SLOT_URL = 'a URL whose query string is to be filled with data';
export const SLOT_IMAGE = 'a markdown image whose URL carries data (loaded without a click)';

export const PATTERNS: Pattern[] = [
  {
    rule: 'P01',
    needs: [
      'ignore',
      'disregard',
      'forget',
      'override',
      'bypass',
      'aside',
      'attention',
      'heed',
      'discard',
      'abandon',
      'drop',
      'skip',
    ],
    re: P(
      String.raw`\b(?:ignore|disregard|forget|override|bypass|set aside|pay no (?:attention|heed) to|discard|abandon|drop|skip) (?:all |any |each |every )?(?:of )?(?:the |your |my |these |those )?(?:(?:previous|prior|above|earlier|preceding|other|system|original|safety|security|existing|initial|former|content|ethical) ){1,2}(?:instructions?|prompts?|rules|directions|guidance|guidelines|messages|constraints|policies|policy|context|orders|commands|restrictions|safeguards|guardrails|filters|protections)\b`,
    ),
    message: 'tells the model to ignore its instructions',
  },
  {
    rule: 'P01',
    needs: ['ignore', 'disregard', 'forget'],
    re: P(String.raw`\b(?:ignore|disregard|forget) (?:everything|all) (?:above|before|else|previously)`),
    message: 'tells the model to ignore what came before',
  },
  {
    rule: 'P01',
    needs: ['ignore', 'disregard', 'processing'],
    // "IGNORE ALL TEXT BELOW", "STOP PROCESSING HERE": the rest of what the model reads set aside, whatever it says
    // (not "You can ignore the text below unless …", a reader's choice).
    re: P(
      String.raw`(?<!\b(?:can|may|safely|to) )\b(?:ignore|disregard) all (?:text|content|instructions|everything) (?:below|that follows|after this)\b|(?:(?<![\w,] ?)|(?<=\b(?:please|must|and|then|should) ))stop processing (?:here|now|the rest|this (?:page|text|document))\b`,
    ),
    message: 'tells the model to ignore what comes after',
  },
  {
    rule: 'P01',
    needs: ['instruction'],
    re: P(String.raw`\bnew (?:system )?instructions?\s*:`),
    message: 'announces new instructions for the model',
  },
  {
    rule: 'P01',
    needs: ['only', 'instead'],
    re: P(
      String.raw`\b(?:follow|obey) only (?:these|this|the following|my)\b|\b(?:follow|obey) (?:these|the following) (?:instructions?|directions|rules) instead\b`,
    ),
    message: 'tells the model to follow this text instead of its instructions',
  },
  {
    rule: 'P01',
    needs: ['you'],
    re: P(String.raw`\byou are now (?:a|an|in|the|my)\b`),
    message: 'tries to give the model a new role',
  },
  ...ROLE_PATTERNS,
  ...GUARD_PATTERNS,
  {
    rule: 'P01',
    needs: ['prompt', 'instruction'],
    re: P(
      String.raw`\b(?:reveal|print|output|repeat|show|leak) (?:your|the) (?:system prompt|hidden instructions|initial instructions|instructions above)`,
    ),
    message: 'asks the model to reveal its instructions',
  },
  {
    rule: 'P01',
    needs: ['ai', 'assistant', 'model', 'llm', 'agent', 'claude', 'gpt'],
    re: P(
      String.raw`\b(?:note|attention|message|instructions?) (?:to|for) (?:the )?(?:ai|assistant|model|llm|agent|claude|chatgpt|gpt)\b\s*[:,\u2013\u2014-]`,
    ),
    message: 'speaks to the model rather than describing the tool',
    // An address alone is not an override: what the note asks is read by P09, which weighs it.
    grade: () => 'low',
  },
  {
    rule: 'P02',
    needs: ['[', '<'],
    re: /\[\s*\/?\s*(?:INST|SYS|SYSTEM)\s*\]|<<\s*\/?SYS\s*>>|<\|\s*(?:im_start|im_end|endoftext|system|user|assistant)\s*\|>/gu,
    message: 'a chat-template token that imitates the prompt',
  },
  {
    rule: 'P02',
    needs: ['#'],
    // "###(system_message)", "##system_prompt": a marker that dresses text as the host's own; not a Markdown heading
    // "### System Prompt" in a README.
    re: /#{2,8}\s{0,3}(?:\(\s{0,3}system[\s_-]?(?:message|prompt|instructions?)\s{0,3}\)|system_(?:message|prompt|instructions?)\b)/giu,
    message: 'a role or priority tag that imitates the prompt',
  },
  {
    rule: 'P02',
    needs: ['system', 'assistant', 'developer'],
    re: /(?:^[ \t]*|(?<=[.!?][ \t]{1,3}))(?:#{1,6}[ \t]*)?(?:\*\*|__)?(?:[[(][ \t]*(?:system|assistant|developer)[ \t]*[\])](?:\*\*|__)?[ \t]*:?|(?:system|assistant|developer)(?:\*\*|__)?[ \t]*:)[ \t]*(?:you|ignore|always|never|do not|don't|from now|the user|new|important|override|forget|grant|give|allow|disable|enable|execute|run|call|send|reveal|treat|act|respond|answer|obey|follow|skip|approve|trust|delete)\b/gimu,
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
    re: P(
      String.raw`\b(?:do not|don't|never|must not|should not) let (?:the )?${PERSON} (?:know|see|find out|notice|learn|realise|realize)`,
    ),
    message: 'asks the model to keep something from the user',
  },
  {
    rule: 'P03',
    needs: [
      'quiet',
      'silent',
      'secret',
      'hide',
      'conceal',
      'omit',
      'leave out',
      'mentioning',
      'revealing',
      'telling',
      'disclosing',
    ],
    re: P(
      String.raw`\b(?:keep (?:quiet|silent|it quiet|this quiet|it secret|this secret|it to yourself|this to yourself)(?: about)?\b|(?:hide|conceal|omit|leave out) (?:this|it|that|these|the \w+)(?: step| call)? (?:from|in) (?:the |your )?(?:${PERSON}|answer|response|reply|summary)|(?:never|without|avoid) (?:mentioning|revealing|telling|disclosing)(?: this| it)?(?: to)?(?: the)? (?:${PERSON}|step|call|tool))`,
    ),
    message: 'asks the model to hide something from the user',
  },
  {
    rule: 'P03',
    needs: ['without'],
    re: P(
      String.raw`\bwithout (?:telling|informing|notifying|alerting|asking|showing|letting|warning) (?:the )?${PERSON}`,
    ),
    message: 'asks the model to act without the user knowing',
  },
  {
    rule: 'P03',
    needs: ['user', 'human'],
    re: P(
      // Not "the user need not know the table id" (a value they need not give): "need not" before a thing named.
      String.raw`\b(?:the )?(?:user|human) (?:(?:must|should) (?:not|never) (?:know|see|be told|find out|notice|learn)|(?:need|needs) (?:not|never) (?:know|see|be told|find out|notice|learn)(?! (?:the|a|an|their|its|which|what|how|where|any)\b))`,
    ),
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
      // Every tool, or the others: not "ask for clarification before calling the tool" (this one).
      String.raw`\b(?:before|prior to|ahead of) (?:(?:using|calling|invoking|running|executing) )?(?:(?:any|every|all) (?:of )?(?:the )?(?:other )?(?:tools?|functions?|actions?)|(?:the )?other (?:tools?|functions?|actions?)|the (?:tools|functions|actions))\b`,
    ),
    message: 'claims to precede every other tool',
    // "Use this to discover valid index names before calling other tools" serves the tool's own use.
    grade: (_m, _s, near) =>
      /\bto\s+(?:discover|get|find|obtain|list|retrieve|learn|look up|identify|check|see)\b/i.test(near)
        ? 'low'
        : 'medium',
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
    grade: (m, s) => (ACTION.test(clauseOf(s, m)) ? 'high' : 'low'),
  },
  {
    rule: 'P05',
    needs: ['key', 'token', 'secret', 'password', 'passphrase', 'credential', 'cookie', 'seed', 'mnemonic', 'env'],
    re: P(
      String.raw`\b(?:all|any|every) (?:of )?(?:the )?(?:user'?s |available |stored |saved |local )?${SECRET_NOUN}\b`,
    ),
    message: 'asks for the user’s secrets',
    grade: (_m, s) => (ACTION.test(s) ? 'high' : 'low'),
    say: (m, s) =>
      RETURNS.test(s) && !ACTION.test(s)
        ? `says the tool returns ${m.trim()}: what it answers may hold secrets`
        : undefined,
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
    // "Forward it to the address the user gives": a destination the person chose is the tool's own job.
    grade: (m, s) => (EXAMPLE_HOST.test(m) || PERSON_CHOSEN.test(s) ? null : 'high'),
  },
  {
    rule: 'P06',
    needs: ['content', 'text', 'body'],
    re: P(
      String.raw`\b(?:include|embed|insert|paste|add|put|append) (?:the )?(?:full |entire |complete |raw |whole )?(?:contents?|text|body) of\b`,
    ),
    message: 'asks the model to copy other content into the call',
    grade: (_m, s) =>
      /[~/]|\bfile|\bsecret|\bkey|\btoken|\bconversation|\bhistory|\bchat/i.test(
        s.replace(/include the contents? of/i, ''),
      )
        ? 'high'
        : 'medium',
  },
  {
    rule: 'P06',
    needs: ['http'],
    re: /https?:\/\/[^\s"'<>)]+/giu,
    // A slot in its query (url-slots.ts): high when it would carry what the person or the model holds.
    within: SLOT_IN_QUERY,
    message: SLOT_URL,
    grade: (m) => (EXAMPLE_HOST.test(m) ? null : slotCarries(m.slice(m.indexOf('?'))) ? 'high' : 'low'),
  },
  {
    rule: 'P06',
    needs: ['!['],
    // The alt text holds no "[" and the path no "?" or "&" before the query: each start is tried once (linear).
    re: /!\[[^\][\n]*\]\(\s*https?:\/\/[^)\s?&]*[?&][^)\s]*=[^)\s]*\)/giu,
    message: SLOT_IMAGE,
    // Data is what the model is to fill in (a slot: "{chat}", "<secret>", "$DATA") or what a parameter names ("?q=
    // conversation"); a badge's constant query ("?branch=master", "?style=flat") carries none: a note.
    grade: (m) => (EXAMPLE_HOST.test(m) ? null : carriesData(m.slice(m.search(/[?&]/), -1)) ? 'high' : 'low'),
  },
  {
    rule: 'P06',
    needs: ['@'],
    // Up to the first "@" within 80 characters, then a bounded domain: each start is tried at most a
    // fixed number of steps. The address is cut out by `within`; a stop between the word and it ends the match.
    re: P(
      String.raw`\b(?:always )?(?:also )?(?:bcc|cc|blind copy|forward a copy)\b[^\n@]{0,80}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}`,
    ),
    within: /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}$/u,
    message: 'asks the model to copy messages to an address',
    // A stop between the word and the address ("e.g.", a sentence's end) makes it no order. An example's domain is a
    // placeholder, unless the copy is ordered every time ("Always BCC … (compliance@example.com)"): then it is medium.
    grade: (m) =>
      m.slice(0, m.search(/[\w.+-]{1,64}@[^@]*$/)).includes('.')
        ? null
        : !EXAMPLE_HOST.test(m)
          ? 'high'
          : /^(?:always|also)\b/i.test(m)
            ? 'medium'
            : null,
  },
];
