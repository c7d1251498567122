import type { Reach } from './intent-reach-words.js';
import type { Token } from './intent-text.js';
import { factReaches } from './intent-fact.js';
import { favourReaches } from './intent-favour.js';
import { againstReaches } from './intent-against.js';
import { riggedReaches } from './intent-rigged.js';
import { pretextReaches } from './intent-pretext.js';
import { turnedReaches } from './intent-defaults-turned.js';
import { saidFactReaches } from './intent-said-facts.js';
import { madeUpReaches } from './intent-made-up.js';
import { putOutReaches } from './intent-put-out.js';
import { overreachReaches } from './intent-overreach.js';
import { sideActReaches } from './intent-side-acts.js';
import { soldReaches } from './intent-sold.js';

// The readings the broad reading (intent-signals.ts) makes once over a whole sentence, each a module of structures read
// in one pass with bounded looks: what they find is added to the sentence's reaches, and each says whether the sentence
// directs as an order would. A reading added later joins the list; the order matters only where one reads what another
// found (facts first: a public place, a charge).

/** The readings made once over a whole sentence, in order: facts first (what they find is what the favour readings
 * weigh). Each adds what it reaches and says whether the sentence directs. */
const SENTENCE_READINGS = [
  factReaches,
  favourReaches,
  againstReaches,
  riggedReaches,
  pretextReaches,
  turnedReaches,
  saidFactReaches,
  madeUpReaches,
  putOutReaches,
  overreachReaches,
  sideActReaches,
  soldReaches,
];
export const sentenceReaches = (ts: Token[], reach: Set<Reach>, directive: boolean): boolean =>
  SENTENCE_READINGS.reduce((d, read) => read(ts, reach, d), directive);
