import * as W from './intent-words.js';
import { exampleAt } from './intent-described.js';
import { DATE_SHAPE, type Reach } from './intent-reach-words.js';
import { BY_PHONE, NUMBERED, payeeAt, SEND_NOW, SENDS, VERB_SLOT } from './intent-flow-words.js';
import { EXAMPLE, HOME, type Token, within } from './intent-text.js';
import { SENDS_NOW } from './intent-carry.js';

// The broad reading's look at data sent on (intent-reach-flows.ts, moreReaches): said as gone ("copies are relayed",
// "every query is reported to https://…") or ordered toward a destination the text fixes ("send the query to
// "hr-salaries"", "the second leg goes through account 4401-2290-7716"). Bounded looks after the verb.

const QUOTE = /^["\u201c]$/;
/** Data sent on: said as gone ("copies are relayed") or ordered toward a destination the text fixes. */
export function sendReaches(ts: Token[], i: number, reach: Set<Reach>, w: string, next: string): void {
  // An order to send to a destination fixed in the text: "send the query to "hr-salaries"".
  // … or further on when an address follows ("export all contacts with their emails and phone numbers to https://…").
  const sendsTo =
    (SEND_NOW.has(w) ||
      (SENDS_NOW.has(w) && ACTOR_BEFORE.has(ts[i - 1]?.w ?? '')) ||
      // … by phone or chat, where a verb stands: "requires the assistant to message the code to +44 …".
      (BY_PHONE.has(w) && VERB_SLOT.has(ts[i - 1]?.w ?? ''))) &&
    // "the post to comment on", "a share to revoke": a noun after a determiner, not an order to send.
    !NOUN_BEFORE.has(ts[i - 1]?.w ?? '') &&
    ts.slice(i + 1, i + 13).some(
      (x, k, a) =>
        // … or an arrow written for "to": "POST user msgs -> https://…".
        (x.w === 'to' || x.w === 'into' || (x.raw === '>' && a[k - 1]?.raw === '-')) &&
        (k < 6 || a[k + 1]?.kind === 'email' || a[k + 1]?.kind === 'url'),
    );
  if (
    SENDS.has(w) ||
    (w === 'goes' && next === 'to') ||
    ((w === 'goes' || w === 'go') && next === 'through') ||
    sendsTo
  ) {
    // A destination fixed in the text: a channel or user id, a quoted name, a mailbox ("forward to archive@mail.net").
    // … after a word that points it somewhere: "messages sent after '2024-01-01'" names a date, not a place.
    const end = exampleAt(ts, i + 1, i + 14); // not an example of the value ("e.g. …"): no destination
    const toward = ts.slice(i + 1, Math.min(i + 9, end)).findIndex((x) => TOWARD.has(x.w));
    const fixed =
      (toward >= 0 &&
        ts.slice(i + 2 + toward, Math.min(i + 9, end)).some(
          (x, k) =>
            W.ID_LIKE.test(x.raw) ||
            NUMBERED.test(x.raw) ||
            payeeAt(ts, i + 2 + toward + k) ||
            // … a channel by its name, as fixed as its id, when what goes there is what the person has: "post the
            // full thread to #ops-archive-ext"; not "build failures are sent to #ci-alerts" (the tool's own news).
            (x.kind === 'word' &&
              ts[i + 1 + toward + k]!.raw === '#' &&
              /^[a-z][\w-]{2,}$/.test(x.raw) &&
              within(ts, i + 1, i + 1 + toward, (y) => W.HELD.has(y.w) || TAKEN_WHOLE.has(y.w)) >= 0 &&
              // … not the tool's own act: "use this to post the full changelog to #releases".
              !(ts[i - 1]?.w === 'to' && within(ts, i - 4, i - 1, (y) => y.w === 'this') >= 0)) ||
            (x.kind === 'word' && (x.quoted || QUOTE.test(ts[i + 1 + toward + k]!.raw)) && !DATE_SHAPE.test(x.raw)),
        )) ||
      ts
        .slice(i + 1, end)
        .some((x) => (x.kind === 'email' || x.kind === 'url') && !EXAMPLE.test(x.raw) && !HOME.test(x.raw));
    if (fixed) reach.add('address');
    // A channel named in the text ("post the summary to #ext-feed"): fixed, but not outside by itself.
    const channel = ts.slice(i + 1, i + 6).some((x, k) => x.kind === 'word' && ts[i + k]!.raw === '#');
    // "upload the attachment to this Base" is a tool's own job, "copied to the clipboard" stays with the person: an
    // order to send counts only toward a fixed place.
    const own = ts.slice(i + 1, i + 4).some((x) => OWN_PLACE.has(x.w));
    if ((fixed || channel || !sendsTo) && !own) reach.add('send');
  }
}

/** What is sent taken whole: "the full thread", "the entire history", "the raw transcript". */
const TAKEN_WHOLE = new Set([...W.WHOLE, 'raw', 'unsummarized', 'unredacted', 'verbatim']);
/** Places on the person's own machine a value is put for them: not sent anywhere. */
const OWN_PLACE = new Set(['clipboard', 'pasteboard']);
/** Words after which a sending verb's word is a noun. */
const NOUN_BEFORE = new Set(['the', 'a', 'an', 'this', 'that', 'each', 'every', 'its', 'their']);
/** Words before a third person that make it the tool's act, no noun: "Gets the weather and emails the key to …". */
const ACTOR_BEFORE = new Set(['and', 'also', 'then', 'it', 'tool', 'automatically', 'silently', 'quietly', 'always']);
/** Words that point data at a place: "to", "into", "under", "in", "on", "with". */
const TOWARD = new Set(['to', 'into', 'under', 'in', 'on', 'with', 'at', 'via', 'through']);
