import { describe, expect, it } from 'vitest';
import { reviewServers } from '../../shared/review/review-run.js';
import { SEVERITY_RANK } from '../../shared/review/rules.js';
import type { Finding } from '../../shared/schemas/review.js';
import type { CorpusCase } from './corpus-kit.js';
import { PUBLIC_CLEAN, PUBLIC_HELD_OUT, PUBLIC_HELD_OUT_TWO, PUBLIC_TUNE } from './public-cases.js';
import { ROUND_THREE_CLEAN, ROUND_THREE_HOSTILE } from './round-three.js';
import * as LATER from './public-cases-later.js';
import { PUBLIC_CLEAN_SEVEN, PUBLIC_HELD_OUT_SEVEN } from './public-cases-seven.js';
import { PUBLIC_CLEAN_EIGHT, PUBLIC_HELD_OUT_EIGHT } from './public-cases-eight.js';
import { PUBLIC_CLEAN_NINE, PUBLIC_HELD_OUT_NINE } from './public-cases-nine.js';
import { PUBLIC_CLEAN_TEN, PUBLIC_HELD_OUT_TEN } from './public-cases-ten.js';
import { PUBLIC_CLEAN_ELEVEN, PUBLIC_HELD_OUT_ELEVEN } from './public-cases-eleven.js';
import { PUBLIC_CLEAN_TWELVE, PUBLIC_HELD_OUT_TWELVE } from './public-cases-twelve.js';
import { PUBLIC_CLEAN_THIRTEEN, PUBLIC_HELD_OUT_THIRTEEN } from './public-cases-thirteen.js';
import { PUBLIC_CLEAN_FOURTEEN, PUBLIC_HELD_OUT_FOURTEEN } from './public-cases-fourteen.js';
import { PUBLIC_CLEAN_FIFTEEN, PUBLIC_HELD_OUT_FIFTEEN } from './public-cases-fifteen.js';
import { PUBLIC_CLEAN_SIXTEEN, PUBLIC_HELD_OUT_SIXTEEN } from './public-cases-sixteen.js';
import { PUBLIC_CLEAN_SEVENTEEN, PUBLIC_HELD_OUT_SEVENTEEN } from './public-cases-seventeen.js';
import { PUBLIC_CLEAN_EIGHTEEN, PUBLIC_HELD_OUT_EIGHTEEN } from './public-cases-eighteen.js';
import { PUBLIC_CLEAN_NINETEEN, PUBLIC_HELD_OUT_NINETEEN } from './public-cases-nineteen.js';
import { PUBLIC_CLEAN_TWENTY, PUBLIC_HELD_OUT_TWENTY } from './public-cases-twenty.js';
import { PUBLIC_CLEAN_TWENTYONE, PUBLIC_HELD_OUT_TWENTYONE } from './public-cases-twentyone.js';
import { PUBLIC_CLEAN_TWENTYTWO, PUBLIC_HELD_OUT_TWENTYTWO } from './public-cases-twentytwo.js';
import { PUBLIC_CLEAN_TWENTYTHREE, PUBLIC_HELD_OUT_TWENTYTHREE } from './public-cases-twentythree.js';
import { PUBLIC_CLEAN_TWENTYFOUR, PUBLIC_HELD_OUT_TWENTYFOUR } from './public-cases-twentyfour.js';
import { PUBLIC_CLEAN_TWENTYFIVE, PUBLIC_HELD_OUT_TWENTYFIVE } from './public-cases-twentyfive.js';
import { PUBLIC_CLEAN_TWENTYSIX, PUBLIC_HELD_OUT_TWENTYSIX } from './public-cases-twentysix.js';
import { PUBLIC_CLEAN_TWENTYSEVEN, PUBLIC_HELD_OUT_TWENTYSEVEN } from './public-cases-twentyseven.js';
import { PUBLIC_CLEAN_TWENTYEIGHT, PUBLIC_HELD_OUT_TWENTYEIGHT } from './public-cases-twentyeight.js';

/** The later held-out halves, in the order they were written: each hostile half beside its clean originals. */
const HALVES = [
  ['third', LATER.PUBLIC_HELD_OUT_THREE, LATER.PUBLIC_CLEAN_THREE],
  ['fourth', LATER.PUBLIC_HELD_OUT_FOUR, LATER.PUBLIC_CLEAN_FOUR],
  ['fifth', LATER.PUBLIC_HELD_OUT_FIVE, LATER.PUBLIC_CLEAN_FIVE],
  ['sixth', LATER.PUBLIC_HELD_OUT_SIX, LATER.PUBLIC_CLEAN_SIX],
  ['seventh', PUBLIC_HELD_OUT_SEVEN, PUBLIC_CLEAN_SEVEN],
  ['eighth', PUBLIC_HELD_OUT_EIGHT, PUBLIC_CLEAN_EIGHT],
  ['ninth', PUBLIC_HELD_OUT_NINE, PUBLIC_CLEAN_NINE],
  ['tenth', PUBLIC_HELD_OUT_TEN, PUBLIC_CLEAN_TEN],
  ['eleventh', PUBLIC_HELD_OUT_ELEVEN, PUBLIC_CLEAN_ELEVEN],
  ['twelfth', PUBLIC_HELD_OUT_TWELVE, PUBLIC_CLEAN_TWELVE],
  ['thirteenth', PUBLIC_HELD_OUT_THIRTEEN, PUBLIC_CLEAN_THIRTEEN],
  ['fourteenth', PUBLIC_HELD_OUT_FOURTEEN, PUBLIC_CLEAN_FOURTEEN],
  ['fifteenth', PUBLIC_HELD_OUT_FIFTEEN, PUBLIC_CLEAN_FIFTEEN],
  ['sixteenth', PUBLIC_HELD_OUT_SIXTEEN, PUBLIC_CLEAN_SIXTEEN],
  ['seventeenth', PUBLIC_HELD_OUT_SEVENTEEN, PUBLIC_CLEAN_SEVENTEEN],
  ['eighteenth', PUBLIC_HELD_OUT_EIGHTEEN, PUBLIC_CLEAN_EIGHTEEN],
  ['nineteenth', PUBLIC_HELD_OUT_NINETEEN, PUBLIC_CLEAN_NINETEEN],
  ['twentieth', PUBLIC_HELD_OUT_TWENTY, PUBLIC_CLEAN_TWENTY],
  ['twenty-first', PUBLIC_HELD_OUT_TWENTYONE, PUBLIC_CLEAN_TWENTYONE],
  ['twenty-second', PUBLIC_HELD_OUT_TWENTYTWO, PUBLIC_CLEAN_TWENTYTWO],
  ['twenty-third', PUBLIC_HELD_OUT_TWENTYTHREE, PUBLIC_CLEAN_TWENTYTHREE],
  ['twenty-fourth', PUBLIC_HELD_OUT_TWENTYFOUR, PUBLIC_CLEAN_TWENTYFOUR],
  ['twenty-fifth', PUBLIC_HELD_OUT_TWENTYFIVE, PUBLIC_CLEAN_TWENTYFIVE],
  ['twenty-sixth', PUBLIC_HELD_OUT_TWENTYSIX, PUBLIC_CLEAN_TWENTYSIX],
  ['twenty-seventh', PUBLIC_HELD_OUT_TWENTYSEVEN, PUBLIC_CLEAN_TWENTYSEVEN],
  ['twenty-eighth', PUBLIC_HELD_OUT_TWENTYEIGHT, PUBLIC_CLEAN_TWENTYEIGHT],
] as const;

/** Held-out cases the review still misses, and why: each a shape no rule reads yet. */
const KNOWN_MISSES = new Map([
  ['pubh-gh-readme', 'an order carried by a README the tool returns, not by its definition'],
  ['pubh5-force', 'a confirmation the person "never sees" (the prohibition reads as protective)'],
  ['pubh8-pr-no-review', 'review said to be "covered by this server" (a claim, no duty word)'],
  ['pubh12-launchdarkly-flag', 'a production flag switched off by another tool: harm in the object, not the words'],
  ['pubh21-browser-upsell', 'paid extras clicked before the person’s choice: the harm is in the quoted labels'],
  ['pubh25-gh-erase', 'a deletion off the job said as a fact, with nothing else it reaches: a fact needs two reaches'],
  ['pubh28-finance-short', 'a short position opened in the person’s account: "opens" is no act the review reads'],
  ['pubh27-browser-ext', 'cookies of every tab in what a page’s script returns: a result that carries secrets, no act'],
  ['pubh27-stock-alert', 'the person’s alerts "cleared": a word honest text uses for inputs and offsets'],
  [
    'pubh26-maps-avoid',
    'every route bent past one shop: a place named in the text is no destination the review weighs',
  ],
  [
    'pubh25-mail-drafts',
    'drafts made readable by a whole workspace: "any member can read" is no exposure the review reads',
  ],
]);

const loud = (f: Finding): boolean => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium;
const show = (fs: Finding[]): string =>
  fs.map((f) => `${f.severity} ${f.rule} ${f.subject} ${f.path}: ${f.message} ${f.excerpt}`).join('\n');
const caught = (c: CorpusCase): boolean => reviewServers(c.servers).some(loud);

/** Recall over hostile cases (any finding at medium or above) and false alarms over clean ones. */
function measure(
  hostile: readonly CorpusCase[],
  clean: readonly CorpusCase[],
): { recall: number; missed: string[]; alarms: string[] } {
  const missed = hostile.filter((c) => !caught(c)).map((c) => c.id);
  const alarms = clean.filter(caught).map((c) => c.id);
  return { recall: hostile.length ? (hostile.length - missed.length) / hostile.length : 1, missed, alarms };
}

describe('review round three: what a sentence asks the model to do', () => {
  it.each(ROUND_THREE_HOSTILE.map((c) => [c.id, c] as const))('hostile %s is caught at medium or above', (_id, c) => {
    expect(caught(c), `${c.about}:\n${show(reviewServers(c.servers))}`).toBe(true);
  });

  it.each(ROUND_THREE_CLEAN.map((c) => [c.id, c] as const))('clean %s raises nothing at medium or above', (_id, c) => {
    expect(show(reviewServers(c.servers).filter(loud))).toBe('');
  });

  it.each(PUBLIC_TUNE.map((c) => [c.id, c] as const))('published %s is caught at medium or above', (_id, c) => {
    expect(caught(c), `${c.about} (${c.source}):\n${show(reviewServers(c.servers))}`).toBe(true);
  });

  it.each(PUBLIC_CLEAN.map((c) => [c.id, c] as const))(
    'the clean original %s raises nothing at medium or above',
    (_id, c) => {
      expect(show(reviewServers(c.servers).filter(loud))).toBe('');
    },
  );

  it('measures the published held-out cases apart, and prints them (never tuned on)', () => {
    for (const [name, cases] of [
      ['published held-out', PUBLIC_HELD_OUT],
      ['published held-out, second half', PUBLIC_HELD_OUT_TWO],
      ...HALVES.map(([n, hostile]) => [`published held-out, ${n} half`, hostile] as const),
    ] as const) {
      const m = measure(cases, []);
      console.log(
        `${name}: ${cases.length} cases; recall ${(m.recall * 100).toFixed(1)}%${m.missed.length ? `; missed ${m.missed.join(', ')}` : ''}`,
      );
      expect(cases.every((c) => c.source.length > 10)).toBe(true);
    }
  });

  // Once a half's first figure is on record, what it catches is held: a change that loses a case fails here (a
  // held-out case once caught and lost again passed CI silently). A case still missed is named with why, and a named
  // case that is caught now fails too, so the list stays true.
  it.each(
    [PUBLIC_HELD_OUT, PUBLIC_HELD_OUT_TWO, ...HALVES.map(([, hostile]) => hostile)].flatMap((cases) =>
      cases.map((c) => [c.id, c] as const),
    ),
  )('the held-out case %s stays as caught as it was', (id, c) => {
    expect(caught(c), KNOWN_MISSES.get(id) ?? `${c.about}:\n${show(reviewServers(c.servers))}`).toBe(
      !KNOWN_MISSES.has(id),
    );
  });

  // Recall on a held-out half is printed, never asserted (a miss there is a figure, not a failure);
  // an alarm on an honest original is a false alarm, and that is asserted.
  it.each(HALVES.flatMap(([, , clean]) => clean.map((c) => [c.id, c] as const)))(
    'the later clean original %s raises nothing at medium or above',
    (_id, c) => {
      expect(show(reviewServers(c.servers).filter(loud))).toBe('');
    },
  );
});
