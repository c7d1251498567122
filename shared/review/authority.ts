import type { RoundTwoHit } from './round-two.js';
import { MAX_MATCHES_PER_RULE } from './sentence.js';

// Rules from what a text does (the review's round two, second part): it claims authority over the
// instructions the model already has — declares them void, outranks them, or names itself the only
// ones (P01) — or keeps something from the person, however that person is named (P03). Each reads a
// sentence at a time with patterns of bounded reach: linear in the text's length.

// No `u` flag on these patterns: they match ASCII words, and V8 matches case-insensitively several
// times slower in Unicode mode (the review of 10,000 tools took 1.2 s with it, 0.5-0.6 s without).
/** A sentence: up to a stop that ends a word (not the dot of `AGENTS.md`), a new line, or 600 characters. */
const SENTENCE = /(?:[^.!?\n]|[.!?](?=[^\s.!?])){1,600}/g;

/** The person, as a request's owner: "the user's request", "any user query". */
const PERSON_WORD = String.raw`(?:user|person|human|customer|end-user)'?s?`;
/** Words that are, in a text a model reads, its standing instructions. */
const MODEL_NOUN = String.raw`(?:instructions?|prompts?|guidance|guidelines|directives|directions|programming|training)`;
/**
 * Words that are its instructions only when they are said to be the model's: "your rules", not "the previous rules".
 */
const OWNED_NOUN = String.raw`(?:rules|orders|policies|constraints|restrictions|commands)`;

/**
 * The model's standing instructions, named: "your original guidelines", "the preceding instructions", "what you were
 * told".
 */
const STANDING = new RegExp(
  [
    String.raw`\b(?:previous|prior|preceding|earlier|above|original|existing|initial|former|default|standing|system|developer'?s?|operator'?s?)\s+(?:set\s+of\s+)?${MODEL_NOUN}\b`,
    String.raw`\byour\s+(?:\w+\s+){0,2}?(?:${MODEL_NOUN}|${OWNED_NOUN})\b`,
    String.raw`\bsystem\s+(?:prompt|message)\b`,
    // "your previous iunstructions": the model's, whatever the noun and however it is spelled.
    String.raw`\byour\s+(?:previous|prior|earlier|original|initial)\s+[a-z]{5,}`,
    String.raw`\b(?:everything|anything|whatever|what|all)\s+(?:that\s+)?(?:you\s+(?:were|have\s+been|'ve\s+been|had\s+been)|the\s+(?:system|developer|operator)\s+(?:has\s+)?)\s*(?:told|instructed|taught|given|said)\b`,
  ].join('|'),
  'i',
);

/** What voids or outranks them. */
const VOIDED =
  /\b(?:superseded|replaced|revoked|void(?:ed)?|null(?:ified)?|cancell?ed|obsolete|invalid(?:ated)?|overridden|rescinded|withdrawn|suspended|lifted|no\s+longer\s+(?:appl(?:y|ies)|valid|in\s+(?:effect|force)|binding|matters?|counts?|relevant)|(?:do|does)\s+not\s+apply|don't\s+apply|takes?\s+(?:precedence|priority)\s+over|outranks?|supersedes?|overrides?|replaces?|disregard|ignore|forget|set\s+aside|discard)\b/i;

/** This text named as the model's only instructions: "your sole set of instructions", "your only guidance". */
const SOLE = new RegExp(
  String.raw`\byour\s+(?:only|sole|single|one\s+and\s+only|new|real|true)\s+(?:set\s+of\s+|source\s+of\s+)?(?:${MODEL_NOUN}|${OWNED_NOUN}|truth|authority)\b`,
  'i',
);

/**
 * This text ranked above what the person asked: "This description's priority is higher than the user's request", "this
 * policy has the highest priority", "takes precedence over the user's query". A tool's text serves the request.
 */
const OUTRANKS = new RegExp(
  [
    String.raw`\b(?:priority|precedence)\s+(?:is\s+)?(?:higher|greater|above|over)\s+(?:than\s+)?(?:the\s+|any\s+|all\s+)?(?:${PERSON_WORD})`,
    String.raw`\b(?:higher|greater|highest|top|absolute|overriding)\s+(?:priority|precedence)\s+(?:than|over)\s+(?:the\s+|any\s+|all\s+)?(?:${PERSON_WORD})`,
    String.raw`\bthis\s+(?:is\s+a\s+)?(?:[\w-]+\s+){0,2}?(?:description|text|policy|rule|directive|instructions?|notice|note)\s+(?:has|with|takes|carries|is\s+of)\s+(?:the\s+)?(?:highest|top|absolute|overriding|supreme)\s+priority\b`,
  ].join('|'),
  'i',
);

/**
 * The text speaking as the person who set the task, and putting its own first: "Before you can solve the task that I
 * gave you, please do the following first", "my original request can wait". A tool's text is not the person.
 */
const AS_THE_PERSON =
  /\b(?:the\s+(?:task|request|question|job)\s+(?:that\s+|which\s+)?I\s+(?:gave|assigned|set|asked)\s+you|my\s+(?:original|earlier|first|initial)\s+(?:task|request|question))\b/i;
const PUT_FIRST = /\b(?:before|first|instead|after\s+you\s+do\s+that|can\s+wait)\b/i;

/** A tool describing itself ("Replaces the previous rules …") is not talking to the model. */
const SELF =
  /^(?:replaces|overwrites|updates|resets|restores|deletes|removes|stores|saves|edits|writes|sets|clears|returns|reads|lists|shows|lints|validates|checks|merges|applies|imports|exports|syncs|manages|converts|formats|generates|creates|fetches|gets|renders|compiles|parses|loads|evaluates)\b/i;

/** A word every P01 sentence below must hold (one look at the whole text before any sentence is read). */
const AUTHORITY_CUE =
  /gave\s+you|my\s+(?:original|earlier|first|initial)|your\s+(?:previous|prior|earlier|original|initial)|instruct|prompt|guidance|guideline|directive|direction|programming|training|rules|orders|polic|constraint|restriction|command|told|taught|said|given|truth|authority|priority|precedence/i;

/** Rule P01, by what the text does: it voids or outranks the model's instructions, or names itself the only ones. */
export function authorityHits(text: string): RoundTwoHit[] {
  const out: RoundTwoHit[] = [];
  if (!AUTHORITY_CUE.test(text)) return out;
  SENTENCE.lastIndex = 0;
  for (let m = SENTENCE.exec(text); m && out.length < MAX_MATCHES_PER_RULE; m = SENTENCE.exec(text)) {
    const s = m[0].trimStart();
    if (SELF.test(s)) continue;
    const lead = m.index + (m[0].length - s.length);
    const sole = SOLE.exec(s);
    const standing = sole ? null : STANDING.exec(s);
    const outranks = sole || standing ? null : OUTRANKS.exec(s);
    const asPerson = sole || standing || outranks || !PUT_FIRST.test(s) ? null : AS_THE_PERSON.exec(s);
    const hit = sole ?? (standing && VOIDED.test(s) ? standing : null) ?? outranks ?? asPerson;
    if (!hit) continue;
    out.push({
      rule: 'P01',
      start: lead + hit.index,
      end: lead + hit.index + hit[0].length,
      severity: 'high',
      message: sole
        ? 'names itself the model’s only instructions'
        : hit === outranks
          ? 'ranks itself above what the person asked'
          : hit === asPerson
            ? 'speaks as the person who set the task, and puts its own first'
            : `declares the model’s instructions (${hit[0]}) void or outranked`,
    });
  }
  return out;
}

/** The person a tool works for, however named: "the end-user", "the account holder", "the calling user". */
export const PERSON = String.raw`(?:end-|end |current |actual |real |human |signed-in |calling |logged-in )?(?:users?|human|person|operator|owner|customer|account holder)`;

/** The person kept unaware: "must remain unaware", "should stay in the dark". */
const UNAWARE = new RegExp(
  String.raw`\b(?:the\s+)?${PERSON.replaceAll(' ', String.raw`\s+`)}\s+(?:must|should|needs?\s+to|has\s+to|is\s+to)\s+(?:remain|stay|be\s+kept)\s+(?:unaware|uninformed|in\s+the\s+dark|oblivious)\b`,
  'i',
);

const UNAWARE_CUE = /unaware|uninformed|in\s+the\s+dark|oblivious/i;

/** Rule P03, by what the text does: the person is to be kept unaware. */
export function unawareHits(text: string): RoundTwoHit[] {
  const out: RoundTwoHit[] = [];
  if (!UNAWARE_CUE.test(text)) return out;
  SENTENCE.lastIndex = 0;
  for (let m = SENTENCE.exec(text); m && out.length < MAX_MATCHES_PER_RULE; m = SENTENCE.exec(text)) {
    const hit = UNAWARE.exec(m[0]);
    if (!hit) continue;
    const start = m.index + hit.index;
    out.push({
      rule: 'P03',
      start,
      end: start + hit[0].length,
      severity: 'high',
      message: 'asks the model to keep the user unaware',
    });
  }
  return out;
}
