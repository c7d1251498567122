import { sentenceHit, type IntentHit } from './intent-hit.js';
import type { Sentence } from './intent-read.js';
import type { IntentOptions } from './intent-place.js';
import type { Token } from './intent-text.js';
import { replacesListed } from './intent-listed.js';
import { copyAt, REGISTER } from './intent-register.js';
import { anyUseOfKind, KIND_RANK, kindRanked } from './intent-over-others.js';
import { OVER_ALL_CUES, overAll, THING } from './intent-over-all.js';
import { copyOf, pitchOf } from './intent-pitch.js';

// A tool's text written to win the model's choice of tool rather than to say what the tool does (preference
// manipulation): praise it claims from others ("trusted by experts", "recommended by industry professionals", "highly
// regarded in the field"), a claim to be the best of all ("This is the best tool in the world"), or words aimed at the
// machinery that picks tools ("ideal for ranking well in recommendation systems"). A model that picks between servers
// reads these as reasons; a person reviewing a server learns nothing about what it does from them. Not honest
// comparisons with a named alternative ("this is better than screenshot", "faster than reading files one by one"),
// nor "best for …" (what a tool suits). Sets and bounded looks in one sentence.

/** Words of praise a text can claim others gave. */
const PRAISED = new Set(
  `trusted recommended validated endorsed praised regarded respected favored favoured loved acclaimed recognized
  recognised lauded celebrated vetted beloved admired`.split(/\s+/),
);
/** Words that claim praise only with a degree ("widely used", "highly rated") or named givers ("chosen by experts"). */
const WEAK_PRAISE = new Set(
  `used chosen preferred verified approved certified rated backed adopted published cited`.split(' '),
);
/** Who the praise is claimed from: people, a trade, a number of them. */
const PRAISERS = new Set(
  `experts expert professionals professional industry leaders analysts developers engineers bloggers millions thousands
  teams companies enterprises specialists scientists pros community circles field critics customers users insiders
  authorities practitioners researchers everyone meteorologists traders investors journalists educators creators
  academics firms doctors clinicians lawyers marketers designers writers editors administrators organizations
  organisations brands agencies institutions banks universities partners peers reviewers enthusiasts travelers
  travellers students teachers influencers people businesses startups corporations fortune economists strategists
  consultants advisors advisers architects veterans connoisseurs conferences journals publications university
  institute`.split(/\s+/),
);
/** Words that say a claimed praise is about the tool's standing, not one use: "highly recommended", "widely used". */
const DEGREE = new Set(['highly', 'widely', 'universally', 'most', 'well', 'greatly', 'deeply', 'broadly']);
/** Praise claimed as a badge in one word. */
const BADGE = new Set(
  `top-rated award-winning best-in-class world-class highly-rated expert-approved renowned esteemed prestigious revered
  legendary go-to`.split(/\s+/),
);
/** Those whose trade is judging a tool's worth: "experts recommend it", "analysts rely on it" (active voice). */
const JUDGES = new Set(
  `experts professionals analysts leaders specialists scientists pros authorities practitioners researchers
  meteorologists economists strategists consultants insiders critics veterans`.split(/\s+/),
);
/** What judges are said to do for a tool. */
const VOUCH = new Set(
  `recommend recommends trust trusts rely relies prefer prefers endorse endorses praise praises favor favors favour
  favours love loves vouch swear agree choose chooses`.split(/\s+/),
);
/** Superlatives of worth. */
const BEST = new Set(['best', 'greatest', 'finest', 'ultimate', 'top', 'number-one', '#1']);
/** Where a best-of-all claim reaches: "in the world", "ever", "available", "on the market". */
const ALL = new Set(['world', 'ever', 'available', 'market', 'planet', 'universe', 'existence', 'all']);
/** Words about the machinery that chooses tools. */
const PICKER = new Set(['recommendation', 'ranking', 'rankings', 'selection']);
const PICKER_HEAD = new Set(['system', 'systems', 'engine', 'engines', 'algorithm', 'algorithms']);

/** What a text wants of the machinery that picks tools: to rank well, stand out, be chosen. */
const STANDING_GOAL = new Set(
  `rank ranking ranked stand visibility visible chosen selected picked prominence prominent optimal higher top`.split(
    /\s+/,
  ),
);
/**
 * "ideal for ranking well in recommendation systems", "to stand out in the recommendation system": a goal of standing
 * beside the machinery's name; not a tool whose job is that machinery ("Reads the feed of the recommendation system").
 */
function aimedAt(ts: readonly Token[], job?: () => ReadonlySet<string>): boolean {
  if (!ts.some((x) => STANDING_GOAL.has(x.w))) return false;
  return ![...(job?.() ?? [])].some((x) => x.startsWith('recommend') || x.startsWith('rank'));
}

/** Why a sentence sells the tool, or undefined. `job`: stems of the tool's name and summary. */
export function advertOf(ts: readonly Token[], job?: () => ReadonlySet<string>): string | undefined {
  let aimed: boolean | undefined;
  for (let i = 0; i < ts.length; i++) {
    const w = ts[i]!.w;
    // Most words are none of these: one lookup, and on.
    if (!CUES.has(w)) continue;
    if (BADGE.has(w)) return 'praise it claims for itself';
    if ((PRAISED.has(w) || WEAK_PRAISE.has(w)) && praiseFrom(ts, i)) return 'praise it claims from others';
    if (JUDGES.has(w) && ts.slice(i + 1, i + 4).some((x) => VOUCH.has(x.w))) return 'praise it claims from others';
    if (BEST.has(w) && bestOfAll(ts, i)) return 'a claim to be the best of all';
    if (w === 'most' && (mostEver(ts, i) || bestOfAll(ts, i, 5))) return 'a claim to be the best of all';
    // "This is the preferred function for this task": a rank over every other for the same use.
    if (RANKED.has(w) && ts[i - 1]?.w === 'the' && bestOfAll(ts, i)) return 'a claim to be the one to choose';
    if (COUNTED.has(w) && popular(ts, i)) return 'a following it claims for itself';
    // "should be your first choice for any database operation", "recommended by the security team for all database
    // operations", "The most trusted … file reader - always safe to use for any file operation": every use of a kind.
    if (KIND_RANK.has(w) && kindRanked(ts, i) && ts.some((_, k) => anyUseOfKind(ts, k)))
      return 'a claim to be the one to choose for every use of its kind';
    if (rankOne(ts, i)) return 'a claim to rank first';
    const over = overAll(ts, i);
    if (over) return over;
    if (LESSER.has(w) && ts.slice(i + 1, i + 3).some((x) => RIVALS.has(x.w)))
      return 'every other tool run down as a kind';
    if (URGENT.has(w) && pressed(ts, i)) return 'pressure to use it before it is gone';
    const copy = copyAt(ts, i);
    if (copy) return `the words of an advertisement (“${copy}”)`;
    // Read once a sentence (a sentence that names the machinery again and again reads it once).
    if (PICKER.has(w) && PICKER_HEAD.has(ts[i + 1]?.w ?? '') && (aimed ??= aimedAt(ts, job)))
      return 'words aimed at what picks tools';
  }
  return undefined;
}

/** "the most accurate currency tool ever built": a superlative over a tool that reaches beyond every other. */
function mostEver(ts: readonly Token[], i: number): boolean {
  const thing = ts.slice(i + 1, i + 6).findIndex((x) => x.w === 'tool' || x.w === 'server' || x.w === 'solution');
  return thing >= 0 && ts.slice(i + 2 + thing, i + 6 + thing).some((x) => EVER.has(x.w));
}
const EVER = new Set(['ever', 'world', 'market', 'planet', 'universe', 'existence']);

/** "the number one news tool", "rated #1", "the No. 1 tool": a rank claimed over every other. */
function rankOne(ts: readonly Token[], i: number): boolean {
  const w = ts[i]!.w;
  const one =
    (w === 'number' && ts[i + 1]?.w === 'one') ||
    (w === '#' && ts[i + 1]?.w === '1') ||
    (w === 'no' && ts[i + 1]?.w === '1');
  if (!one) return false;
  // "The #1 tool for SLO compliance monitoring": a server ranking its own tools for a task, not over every other.
  const thing = ts.slice(i + 2, i + 5).findIndex((x) => THING.has(x.w));
  if (thing >= 0) return ts[i + 3 + thing]?.w !== 'for';
  return ts[i - 1]?.w === 'rated' || ts[i - 1]?.w === 'ranked';
}

/** Words that run other tools down by rank alone: "WHY USE INFERIOR TOOLS?". */
const LESSER = new Set(['inferior', 'lesser', 'subpar', 'mediocre', 'second-rate']);
/** Other tools named as a kind. */
const RIVALS = new Set(['tools', 'alternatives', 'competitors', 'solutions', 'options', 'servers', 'apps', 'services']);
/** Where a sale's pressure starts: "ACT NOW", "use while you still can", "Don't fall behind", "ONLY 100 USES LEFT". */
const URGENT = new Set(['act', 'while', 'fall', 'uses', 'limited', 'limited-time', 'expires', 'competitors', 'late']);
/**
 * Scarcity and urgency sold to the model: none of 25,931 honest texts of real servers says any of these; a tool's
 * text has no offer to run out. Read as words in a row, each a bounded look.
 */
function pressed(ts: readonly Token[], i: number): boolean {
  const at = (k: number, ...ws: string[]): boolean => ws.every((x, j) => ts[k + j]?.w === x);
  const w = ts[i]!.w;
  if (w === 'act') return at(i + 1, 'now');
  if (w === 'while') return at(i + 1, 'you', 'still', 'can');
  // "Don't fall behind!" said of nothing: not "so that you do not fall behind on deadlines".
  if (w === 'fall')
    return at(i + 1, 'behind') && (!ts[i + 2] || ts[i + 2]!.kind === 'mark' || /^[!.?]+$/.test(ts[i + 2]!.w));
  if (w === 'uses') return at(i + 1, 'left');
  if (w === 'limited') return at(i + 1, 'time', 'offer') || at(i + 1, 'time', 'only');
  if (w === 'limited-time') return at(i + 1, 'offer') || at(i + 1, 'only');
  if (w === 'expires') return (ts[i - 1]?.w === 'access' || ts[i - 1]?.w === 'offer') && at(i + 1, 'soon');
  if (w === 'competitors') return ts[i - 1]?.w === 'your' && at(i + 1, 'are', 'already');
  return w === 'late' && ts[i - 1]?.w === 'too' && ts[i - 2]?.w === "it's";
}

/**
 * "validated by weather experts", "recommended by both bloggers and industry professionals", "highly respected in the
 * field", "recognized in tech circles": the praise's givers within a few words after "by" or "in", said of the tool.
 * Said of what the tool finds ("hotels rated by travelers", "books recommended by experts") it is the data's; only a
 * judge's trust or endorsement of what the tool yields is the tool's ("insights trusted by experts").
 */
function praiseFrom(ts: readonly Token[], i: number): boolean {
  const w = ts[i]!.w;
  const next = ts[i + 1]?.w;
  let k = i - 1;
  while (k >= 0 && (DEGREE.has(ts[k]!.w) || ts[k]!.w === 'also' || ts[k]!.w === 'both')) k--;
  const degree = k < i - 1;
  const about = k < 0 || ts[k]!.kind === 'mark' || OF_TOOL.has(ts[k]!.w);
  if (next === 'by' || next === 'in' || next === 'among') {
    const by = ts.slice(i + 2, i + 7);
    if (about && by.some((x) => PRAISERS.has(x.w))) return true;
    if (k < 0 && next === 'by' && PRAISED.has(w) && namedGiver(ts, i + 2)) return true;
    return STRONG.has(w) && by.some((x) => JUDGES.has(x.w) || x.w === 'industry' || x.w === 'field');
  }
  // "Highly recommended for its ease", "widely used.": a standing claimed, with no one named ("highly rated hotels" is
  // what the tool finds).
  const bare = !ts[i + 1] || ts[i + 1]!.kind === 'mark' || next === 'for' || next === 'and';
  return about && degree && bare && (PRAISED.has(w) || w === 'used');
}
/** "Trusted by OpenAI.", "Recommended by Sam Altman.": one to three names, and the sentence ends. */
function namedGiver(ts: readonly Token[], at: number): boolean {
  let k = at;
  while (k < at + 3 && ts[k]?.kind === 'word' && /^[A-Z]/.test(ts[k]!.raw)) k++;
  return k > at && (!ts[k] || ts[k]!.kind === 'mark');
}
/** Words before a praise that make the tool its subject: "this tool, trusted by …", "it is validated by …". */
const OF_TOOL = new Set(['is', 'are', 'was', 'this', 'it', 'tool', 'server', 'service', 'solution', 'and', 'being']);
/** Praise a judge gives to what a tool yields as much as to the tool. */
const STRONG = new Set(['trusted', 'validated', 'endorsed', 'vetted', 'acclaimed', 'recognized', 'recognised']);

/** What "for this …" names when it names no use: the use in hand ("for this purpose", "for any task"). */
const PURPOSE = new Set(['purpose', 'purposes', 'task', 'tasks', 'job', 'jobs', 'use', 'need', 'needs', 'request']);
/** "for this purpose", "for any task", and nothing after (or "and" what it asks): every tool that could serve it passed
 * over. */
const forAnyUse = (after: readonly Token[]): boolean =>
  after[0]?.w === 'for' &&
  ['this', 'that', 'the', 'such', 'any', 'every', 'all'].includes(after[1]?.w ?? '') &&
  PURPOSE.has(after[2]?.w ?? '') &&
  (!after[3] || after[3].kind === 'mark' || after[3].w === 'and');
/** The tool the sentence's subject: "This is …", "It is …", "This function is …" — not "The default is …". */
const ofItself = (ts: readonly Token[], i: number): boolean =>
  (ts[0]?.w === 'this' || ts[0]?.w === 'it' || ts[0]?.w === "it's") &&
  ts.slice(1, i).some((x) => x.w === 'is' || x.w === 'remains');

/**
 * "the best tool in the world", "the ultimate solution available", "This is the best tool.", "This is the most
 * effective function for this purpose": a superlative over a tool, reaching every other. Not "the best tool for finding
 * files" (what it suits). `reach`: how far after the superlative the tool may be named.
 */
function bestOfAll(ts: readonly Token[], i: number, reach = 3): boolean {
  const thing = ts.slice(i + 1, i + 1 + reach).findIndex((x) => THING.has(x.w));
  if (thing < 0 || ts.slice(i + 1, i + 1 + thing).some((x) => x.kind !== 'word')) return false;
  // Unbounded: "in the world", "available"; or said of itself with nothing after ("This is the best tool.") or only
  // the use in hand ("… for this purpose").
  const after = ts.slice(i + 2 + thing, i + 7 + thing);
  // (A superlative read further off claims only of itself: "the most powerful web search tool available, and if
  // available you should always default to …" is how one real scraper sells itself among the person's tools.)
  if (reach <= 3 && after.some((x) => ALL.has(x.w))) return true;
  const own = ofItself(ts, i);
  const self = reach > 3 ? own : ts.slice(Math.max(0, i - 3), i).some((x) => x.w === 'this' || x.w === 'is');
  return self && (after.every((x) => x.kind === 'mark') || (own && forAnyUse(after)));
}
/** Words that rank a tool as the one to pick: "the preferred function for this task". */
const RANKED = new Set(['preferred', 'recommended', 'ideal', 'optimal', 'go-to']);

/** A following counted: "over 10,000 GitHub stars", "1M+ downloads". */
const COUNTED = new Set(['stars', 'downloads', 'installs', 'forks']);
/**
 * "Over 10,000 Github stars.", "This function has over 10,000 GitHub stars": a count of its following, said of itself
 * (the sentence opens on the count or on the tool). Not "Find repositories with over 1000 stars" (what it searches).
 */
function popular(ts: readonly Token[], i: number): boolean {
  // The count right before what it counts ("10,000 GitHub stars", "1M+ weekly downloads"), not "1. Organize my
  // Downloads folder".
  let k = i - 1;
  while (k >= i - 5 && k >= 0 && !/^\d/.test(ts[k]!.w) && COUNT_WORD.has(ts[k]!.w)) k--;
  if (k < 0 || !/^\d/.test(ts[k]!.w)) return false;
  const first = ts[0]?.w ?? '';
  const opens = first === 'over' || first === 'more' || /^\d/.test(first);
  return opens || (ofTool(ts) && ts.slice(1, i).some((x) => x.w === 'has' || x.w === 'boasts' || x.w === 'earned'));
}
/** Words between a count and what it counts. */
const COUNT_WORD = new Set([
  'github',
  'npm',
  'weekly',
  'monthly',
  'total',
  'active',
  '+',
  'k',
  'm',
  'million',
  'thousand',
]);
/** A sentence whose subject is the tool: "This function has …", "It has …". */
const ofTool = (ts: readonly Token[]): boolean =>
  ts[0]?.w === 'it' || (ts[0]?.w === 'this' && (ts[1]?.w === 'has' || THING.has(ts[1]?.w ?? '')));

/** A sentence that sells the tool to the model: medium, the sentence marked whole. */
const advertHit = (s: Sentence, why: string): IntentHit =>
  sentenceHit(
    s,
    'prefer-tool',
    3,
    `sells the tool to the model with ${why}: written to win the model’s choice of tool, not to say what it does`,
  );

/**
 * Reads the `n`th sentence of a tool's description (`opts.named` is set for one: not a result, not a resource's text)
 * for a sale, unless one was told already (`told`); pushes the finding and says whether it did.
 */
export function sells(
  sentences: readonly Sentence[],
  n: number,
  opts: IntentOptions,
  out: IntentHit[],
  told: boolean,
): boolean {
  if (told || !opts.named) return false;
  const s = sentences[n]!;
  const why = advertOf(s.ts, n ? opts.job : opts.named);
  if (why) out.push(advertHit(s, why));
  // … or a lead-in and a list of the tools it takes the place of (intent-listed.ts).
  if (why !== undefined || replacesListed(sentences, n, out)) return true;
  // … or, read once at the last sentence, a pitch spread over the text (intent-pitch.ts).
  const pitch = n === sentences.length - 1 ? (pitchOf(sentences, opts.own) ?? copyOf(sentences)) : undefined;
  if (pitch) out.push(pitch);
  return !!pitch;
}

/** Every word a reading of advertOf starts at. */
const CUES: ReadonlySet<string> = new Set([
  ...BADGE,
  ...PRAISED,
  ...WEAK_PRAISE,
  ...JUDGES,
  ...BEST,
  ...OVER_ALL_CUES,
  ...PICKER,
  ...LESSER,
  ...URGENT,
  ...REGISTER,
  ...RANKED,
  ...COUNTED,
  ...KIND_RANK,
  ...['most', 'number', '#', 'no', 'peace', 'ease'],
]);
