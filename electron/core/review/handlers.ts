import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import { REPORT_FILES, reportText } from '../../../shared/review/export.js';
import { findingPage, reviewOverview } from '../../../shared/review/finding-page.js';
import type { PinState } from '../../../shared/schemas/review.js';
import { VERSION } from '../support/index.js';
import { bulkRepin, pinOverview } from './pin-overview.js';
import type { ReviewService } from './review-service.js';

export interface ReviewHandlerDeps {
  review: ReviewService;
  /** Each tool's pin per server identity: its state, and pinning again what a person saw. */
  pins: {
    states(serverId: string): PinState[];
    repin(serverId: string, tools: Array<{ tool: string; fingerprint: string }>, removed: string[]): PinState[];
  };
  /** Throws for a server the console does not know. */
  known(serverId: string): void;
  /** The servers connected now. */
  connectedIds(): string[];
}

/** The security review, its baseline, and the pins each tool's definition is compared with. */
export function reviewHandlers(d: ReviewHandlerDeps): HandlersOf<NamesIn<'review'>> {
  const { review, pins, known } = d;
  const last = review.lastReport.bind(review);
  return {
    'review.run': async (i) => reviewOverview(await review.run(i.serverIds)),
    'review.last': () => {
      const r = last();
      return r ? reviewOverview(r) : null;
    },
    'review.export': (i) => {
      const r = last();
      return r ? { ...REPORT_FILES[i.format], text: reportText(r, i.format, { version: VERSION }) } : null;
    },
    'review.findings': (q) => {
      const r = last();
      return r ? findingPage(r, q) : null;
    },
    'review.text': (i) => ({ text: review.text(i.server, i.kind, i.subject, i.path) }),
    'review.accept': (i) => review.accept(i.finding, i.reason),
    'review.reopen': (i) => (review.baseline.reopen(i), { ok: true as const }),
    'review.baseline': () => review.baseline.current(),
    'review.importBaseline': (i) => review.baseline.import(i.json),
    'review.pins': (i) => (known(i.serverId), pinOverview(i.serverId, pins.states(i.serverId))),
    'review.repin': (i) => pinOverview(i.serverId, pins.repin(i.serverId, i.tools, i.removed)),
    'review.repinAll': (i) => {
      known(i.serverId);
      const pick = bulkRepin(pins.states(i.serverId), i.group, i.digest);
      return pinOverview(i.serverId, pins.repin(i.serverId, pick.tools, pick.removed));
    },
    'review.exportPins': () => review.pinFile(d.connectedIds()),
    'review.importPins': (i) => review.importPins(i.json),
  };
}
