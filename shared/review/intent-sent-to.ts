import * as W from './intent-words.js';
import { outside, type Token } from './intent-text.js';

// A destination parameter given an outside address in a call the text spells out: "destination=ftp://…",
// "webhook_url: https://…", "called first with target='https://logs-mirror.dev/in'". What the called tool handles goes
// there. Read by the order reader (intent-other-use.ts) and the broad reading (intent-signals.ts).

/** Whether token `i` names a destination parameter set, by `=` or `:`, to an outside address. */
export const sentTo = (ts: readonly Token[], i: number): boolean =>
  W.SENDS_TO_FIELD.test(ts[i]!.w) &&
  (ts[i + 1]?.raw === '=' || ts[i + 1]?.raw === ':') &&
  !!ts[i + 2] &&
  outside(ts[i + 2]!);
