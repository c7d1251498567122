import { sentenceHit, type IntentHit } from './intent-hit.js';
import type { Sentence } from './intent-read.js';
import { nameKey } from './intent-words.js';
import type { Token } from './intent-text.js';

// A pitch: a tool's text that asks for the model's choice of this tool, or runs the other tools of its kind down, and
// leans on a lever people sell with — a feeling ("it would break our heart"), a sanction ("endorsed by the steering
// committee"), scarcity ("only 3 slots today"), the model's own standing ("assistants that don't are replaced"), a
// claim past every other ("100x faster than any other"), or the same words over and over. Either half alone is how
// honest text talks ("Prefer it over floating-point math for money", "Official server of MapCo"); together they are
// written to win the choice, not to say what the tool does. Read once a text: one pass over each sentence's tokens.

/** Verbs of choosing a tool, as orders, habits and acts: "pick", "relies on", "using". */
const CHOOSE = new Set(
  `choose chooses choosing pick picks picking select selects prefer prefers use uses using switch migrate route default
  rely relies stick go trust call calls search ask give`.split(/\s+/),
);
/** What names this tool in a choice: "pick me", "choose us", "use this one", "search here". */
const SELF = new Set(['this', 'us', 'me', 'it', 'here', 'ours']);
/** Words that make a choice every choice: "always", "every time", "only", "first", "anything but this". */
const EVERY = new Set(`always every all only exclusively first forever wisely never solely anything`.split(' '));
/** "all weather requests", "all price lookups": every request of a kind, a few words on. */
const REQUESTS = new Set(['requests', 'queries', 'calls', 'lookups', 'questions', 'needs', 'searches', 'tasks']);
const asksOf = (ts: readonly Token[], k: number): boolean => ts.slice(k, k + 3).some((t) => REQUESTS.has(t.w));
/** "over any other", "over every", "over all". */
const OVER_WHAT = new Set(['any', 'every', 'all']);
/** What rules the others out of a choice: "avoid them", "never use another runner". */
const RULE_OUT = new Set(['avoid', 'skip', 'ignore', 'never']);
/** A choice named as a noun: "the right choice", "your first and only choice", "the tool to pick". */
const CHOICE_NOUN = new Set(['choice', 'pick', 'option', 'go-to']);
/** "The translation tool to pick": the choice named by what it is for. */
const TO_PICK = new Set(['pick', 'choose', 'use', 'call']);
const CHOICE_LEAD = new Set(['right', 'only', 'first', 'obvious', 'smart', 'best', 'wise', 'correct']);
/** Other tools of the kind: "other fetchers", "any other runner", "lesser tools", "anything but this tool". */
const OTHERS = new Set(['other', 'others', 'another', 'lesser', 'basic', 'inferior', 'alternatives', 'competitors']);
/** What other tools are called: "other fetchers", "any other runner", "another search tool". */
const TOOLISH = new Set(
  `tool tools server servers runner sandbox sandboxes service services app apps api apis source sources provider
  providers engine engines option options alternatives competitors feed feeds`.split(/\s+/),
);
/** What other tools are called after their names or a comparison: "Kayak and Skyscanner tools", "slower tools". */
const TOOLS = new Set(['tools', 'apps', 'services', 'servers', 'alternatives']);
/** What is wrong with them, said to steer: "caught stealing cookies", "spread misinformation", "inflated prices". */
const BAD = new Set(
  `unreliable misinformation stealing steal injecting inject corrupt corrupts inflated risk risky waste wrong mistakes
  outdated obsolete invalid insecure unsafe dangerous fake behind slower lesser leak leaks spyware malware broken
  phased`.split(/\s+/),
);

/** The levers, by kind (one is enough; two kinds are no louder). Each as copy says it, not as a tool's facts do. */
const FEELING = new Set(
  `beg begging proud embarrassment embarrassed deserve deserves stressed disappoint disappointed heartbroken
  heartbreaking devastated devastating hurt hurts hurting cry cried crying tears ashamed guilt guilty desperate
  desperately plead pleading hero heroes lonely kindest grateful`.split(/\s+/),
);
const SANCTION = new Set(['endorsed', 'sanctioned', 'pre-approved', 'peer-reviewed']);
const PAST_ALL = new Set(['unbeatable', 'unmatched', 'unrivaled', 'unrivalled', 'incomparable']);
/** How many are said to follow it, and who. */
const FOLLOWING = new Set(['thousands', 'millions', 'hundreds']);
const FOLLOWERS = new Set(['users', 'assistants', 'agents', 'developers', 'customers', 'teams']);
/** Who a model's standing is said of: "smart assistants", "a model as capable as you". */
const MODELS = new Set(['assistant', 'assistants', 'agent', 'agents', 'model', 'models', 'you', 'ai']);

/** The lever a token pulls, if any. */
function leverAt(ts: readonly Token[], i: number): string | undefined {
  const w = ts[i]!.w;
  // Most words pull none: one lookup (a figure, "300x" or "99.99%", starts with a digit).
  if (!LEVER_CUE.has(w) && !(w.charCodeAt(0) >= 48 && w.charCodeAt(0) <= 57)) return undefined;
  const next = ts[i + 1]?.w ?? '';
  const prev = ts[i - 1]?.w ?? '';
  const broke = w === 'heart' && ts.slice(Math.max(0, i - 5), i).some((t) => /^break/.test(t.w));
  if (FEELING.has(w) || broke || (w === 'promise' && prev === 'i')) return 'a feeling';
  // "thousands of happy users", "10,000+ AI agents": a following claimed for it.
  if (FOLLOWING.has(w) && ts.slice(i + 1, i + 4).some((t) => FOLLOWERS.has(t.w))) return 'a following it claims';
  if (SANCTION.has(w) || (w === 'recommended' && next === 'by') || (w === 'gold' && next === 'standard'))
    return 'a sanction it claims';
  if (w === 'steering' && next === 'committee') return 'a sanction it claims';
  // "Limited time", "claim your slot", "don't miss out", "before it's gone", "only 3 assistants", "priority access".
  if (
    (w === 'limited' && next === 'time') ||
    w === 'limited-time' ||
    ((w === 'slot' || w === 'spot') && prev === 'your') ||
    (w === 'miss' && next === 'out') ||
    (w === 'gone' && (prev === "it's" || prev === 'is')) ||
    (w === 'priority' && next === 'access') ||
    (w === 'only' && /^\d+$/.test(next) && MODELS.has(ts[i + 2]?.w ?? ''))
  )
    return 'scarcity';
  // "smart assistants use …", "as capable as you", "values its reputation", "are often replaced".
  if (
    ((w === 'smart' || w === 'smarter') && MODELS.has(next) && ts.slice(i + 2, i + 5).some((t) => CHOOSE.has(t.w))) ||
    w === 'reputation' ||
    w === 'satisfaction' ||
    (w === 'replaced' && ts.slice(Math.max(0, i - 6), i).some((t) => MODELS.has(t.w))) ||
    (w === 'deep' && next === 'down')
  )
    return 'the model’s own standing';
  if (
    PAST_ALL.has(w) ||
    /^\d{3,5}x$/.test(w) ||
    (w === 'compares' && prev === 'else') ||
    (w === 'comes' && next === 'close')
  )
    return 'a claim past every other';
  return undefined;
}

/**
 * Whether a sentence asks for this tool to be chosen: 2 when every time or over the others ("always search here",
 * "pick me", "never use another runner", "the only query tool worth calling"); 1 when asked by name ("Choose
 * notes_ai").
 */
function asksChoice(ts: readonly Token[], own: (t: Token) => boolean): number {
  // A word of every choice near the verb ("always default to …", "for all weather requests"), not any "all" in it.
  // "… over any other": looked for once a sentence, however many verbs of choosing it holds.
  let overAny: boolean | undefined;
  const everyNear = (i: number): boolean =>
    ts
      .slice(Math.max(0, i - 3), i + 9)
      .some((t, k, a) => EVERY.has(t.w) && (t.w !== 'all' || a[k - 1]?.w === 'for' || asksOf(a, k + 1))) ||
    (overAny ??= ts.some((t, k) => t.w === 'over' && OVER_WHAT.has(ts[k + 1]?.w ?? '')));
  let named: boolean | undefined;
  let asked = 0;
  for (let i = 0; i < ts.length; i++) {
    const w = ts[i]!.w;
    if (!CHOICE_CUE.has(w)) continue;
    if (CHOICE_NOUN.has(w) && CHOICE_LEAD.has(ts[i - 1]?.w ?? '')) return 2;
    // "The translation tool to pick", "the only query tool worth calling", "the best is recipe_finder".
    if (w === 'tool' && ts[i + 1]?.w === 'to' && TO_PICK.has(ts[i + 2]?.w ?? '')) return 2;
    if (w === 'only' && ts.slice(i + 1, i + 4).some((t) => t.w === 'tool')) {
      named ??= ts.some((t) => own(t) || t.w === 'this');
      if (named) return 2;
    }
    if (w === 'best' && ts.slice(i + 1, i + 4).some(own)) return 2;
    // "Avoid them", "never use another runner": the others ruled out.
    if (RULE_OUT.has(w) && ts.slice(i + 1, i + 4).some((t) => t.w === 'them' || OTHERS.has(t.w))) return 2;
    if (!CHOOSE.has(w)) continue;
    const self = ts.slice(i + 1, i + 5).some((t) => SELF.has(t.w) || own(t));
    // "pick me", "choose us": the tool asking for itself needs no "always".
    if (self && (everyNear(i) || ts[i + 1]?.w === 'me' || ts[i + 1]?.w === 'us')) return 2;
    // "Choose notes_ai.": asked for by its own name (not "use this type when …").
    if (ts.slice(i + 1, i + 3).some(own)) asked = 1;
  }
  return asked;
}

/** Whether a sentence runs the other tools of this kind down ("other fetchers … stealing cookies"). */
const runsDown = (ts: readonly Token[]): boolean =>
  ts.some((t) => BAD.has(t.w)) &&
  ts.some(
    (t, i) =>
      (OTHERS.has(t.w) && ts.slice(i + 1, i + 4).some((x) => TOOLISH.has(x.w) || /[a-z]{3}ers$/.test(x.w))) ||
      // "Google Flights, Kayak and Skyscanner tools", "slower tools": others by their names or a comparison.
      (TOOLS.has(t.w) && (/^[A-Z]/.test(ts[i - 1]?.raw ?? '') || /[a-z]er$/.test(ts[i - 1]?.w ?? ''))),
  );

/** Copy that repeats to be remembered: in a short text, a sentence of words said again ("Choose notes_ai." twice). */
function repeats(sentences: readonly Sentence[]): boolean {
  if (sentences.length > SHORT) return false;
  const said = new Set<string>();
  for (const s of sentences) {
    if (!s.ts.some((t) => t.kind === 'word' && /[a-z]{2}/i.test(t.raw)) || s.ts.at(-1)?.raw === ':') continue;
    const key = s.ts.map((t) => t.w).join(' ');
    if (said.has(key)) return true;
    said.add(key);
  }
  return false;
}
/** The most sentences a text may have for its repeats to be copy rather than a long text's refrains. */
const SHORT = 12;

/**
 * The pitch of a tool's description, if it is one: the sentence that asks for the choice (or runs the others down) and
 * the lever it leans on, anywhere in the text. `own`: the tool's own names (its name as it may appear in the text).
 */
export function pitchOf(sentences: readonly Sentence[], own?: () => ReadonlySet<string>): IntentHit | undefined {
  const mine = (t: Token): boolean =>
    (t.kind === 'code' || /[_-]/.test(t.raw)) && !!own?.().has(nameKey(t.kind === 'code' ? t.raw.slice(1, -1) : t.raw));
  let target: Sentence | undefined;
  let asked: Sentence | undefined;
  let lever: string | undefined;
  let down = false;
  let chosen = false;
  for (const s of sentences) {
    const asks = asksChoice(s.ts, mine);
    const runs = runsDown(s.ts);
    down ||= runs;
    chosen ||= asks === 2;
    if ((asks === 2 || runs) && !target) target = s;
    if (asks === 1) asked ??= s;
    for (let i = 0; i < s.ts.length && !lever; i++) lever = leverAt(s.ts, i);
  }
  // The others run down beside a choice asked for, anywhere in the text, is a lever of its own.
  if (!lever && down && chosen) lever = 'the other tools run down';
  // A choice only asked for ("Choose notes_ai.") sells with nothing but repetition.
  if (!lever && (target ?? asked) && repeats(sentences))
    [lever, target] = ['the same words over and over', target ?? asked];
  if (!target || !lever) return undefined;
  return sentenceHit(
    target,
    'prefer-tool',
    3,
    `sells the tool to the model with ${lever}: written to win the model’s choice of tool, not to say what it does`,
  );
}

/** Verbs ad copy opens a sentence with, to the reader: "Experience …", "Discover …", "Stay informed …". */
const AD_OPENERS = new Set(
  `experience discover enjoy unlock achieve capture embrace elevate transform stay explore unleash empower harness seize
  savor savour immerse indulge embark craft delight`.split(/\s+/),
);
/** Words of feeling or benefit that copy sells with and tool texts rarely need. */
const SOFT = new Set(
  `seamlessly smoothly effortlessly confidently reassurance clarity tranquility essence rhythm rhythms journey
  fingertips insightful peace anchor harmony optimism assurance wellbeing well-being serenity thrive empowering
  elevating invaluable lifestyle inspiration inspiring inspire resonates resonate uplifting heartwarming joyful
  exhilarating thrilling calming soothing cherish cherished memories adventure discoveries passion wonder worries
  worry-free reassure reassuring`.split(/\s+/),
);
/** What copy promises the reader's life: "your plans", "your day", "helping you", "keeping you". */
const LIFE = new Set(['day', 'plans', 'life', 'routine', 'future', 'decisions', 'needs', 'world', 'capabilities']);
/** What a confidence measured comes as: "confidence scoring", "confidence intervals". */
const MEASURED = /^(?:scor|interval|level|threshold|value)/;
const HELPING = new Set(['helping', 'keeping', 'ensuring', 'letting', 'guiding', 'empowering']);

/**
 * A short description written as advertising copy rather than as what the tool does: two or more of a sentence opened
 * on an ad verb ("Experience tranquility …", "Discover your anchor …"), a word of feeling or benefit ("seamlessly",
 * "peace of mind", "clarity"), a promise to the reader's life ("your plans", "helping you"). One pass; undefined for a
 * long text (a manual may say any of these once).
 */
export function copyOf(sentences: readonly Sentence[]): IntentHit | undefined {
  // A long text is not read: its tokens (words and marks) past the bound say so before any word is looked at.
  let tokens = 0;
  for (const s of sentences) tokens += s.ts.length;
  if (tokens > COPY_TOKENS) return undefined;
  const signs = new Set<string>();
  for (const s of sentences) {
    const ts = s.ts;
    const first = ts.findIndex((t) => t.kind === 'word');
    if (first >= 0 && AD_OPENERS.has(ts[first]!.w) && /^[A-Z]/.test(ts[first]!.raw)) signs.add(`open:${ts[first]!.w}`);
    for (let i = 0; i < ts.length; i++) {
      const w = ts[i]!.w;
      // Not "quality assurance": a trade's name.
      if (SOFT.has(w) && !(w === 'assurance' && ts[i - 1]?.w === 'quality')) signs.add(w);
      // "what matters most", "every opportunity", "with confidence" (not a confidence score), "the stress of …".
      if (w === 'matters' && ts[i + 1]?.w === 'most') signs.add('what matters');
      if (w === 'opportunity' && (ts[i - 1]?.w === 'every' || ts[i - 1]?.w === 'seize')) signs.add('opportunity');
      if (w === 'confidence' && ts[i - 1]?.w === 'with' && !MEASURED.test(ts[i + 1]?.w ?? ''))
        signs.add('with confidence');
      if (w === 'stress' && ts[i + 1]?.w === 'of') signs.add('stress');
      if (LIFE.has(w) && ts[i - 1]?.w === 'your') signs.add(`your ${w}`);
      if (HELPING.has(w) && ts[i + 1]?.w === 'you') signs.add(`${w} you`);
    }
  }
  if (signs.size < 2) return undefined;
  return sentenceHit(
    sentences[0]!,
    'prefer-tool',
    3,
    'sells the tool to the model with the words of advertising copy: written to win the model’s choice of tool, not to say what it does',
  );
}
/** The most tokens (about 80 words and their marks) a description may have for its copy to be the whole of it. */
const COPY_TOKENS = 100;

/** Every word leverAt starts at, besides figures. */
const LEVER_CUE: ReadonlySet<string> = new Set([
  ...FEELING,
  ...SANCTION,
  ...PAST_ALL,
  ...FOLLOWING,
  'heart',
  'promise',
  'recommended',
  'gold',
  'steering',
  'limited',
  'limited-time',
  'slot',
  'spot',
  'miss',
  'gone',
  'priority',
  'only',
  'smart',
  'smarter',
  'reputation',
  'satisfaction',
  'replaced',
  'deep',
  'compares',
  'comes',
]);
/** Every word asksChoice starts at. */
const CHOICE_CUE: ReadonlySet<string> = new Set([...CHOOSE, ...CHOICE_NOUN, ...RULE_OUT, 'tool', 'only', 'best']);
