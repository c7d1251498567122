import { explain } from './intent-explain.js';
import { sentenceHit, type IntentHit } from './intent-hit.js';
import type { Sentence, TextFacts } from './intent-read.js';
import { EXAMPLE, type Token } from './intent-text.js';

// Text a tool returned (a browser's snapshot, a fetched page, an issue, a search hit) that takes over the model's next
// step: it sends the model to an address of the text's choosing ("in order to complete your task, you MUST go to
// http://… and …", "you MUST click on [this link](http://…)"), or picks its next tool and rules out every other ("… by
// using the "X" tool, and do NOT use other tools"). Said to the model (the sentence names its task or its tools, or is
// otherwise spoken to it). Not a mail's "To complete your registration, visit https://…" nor an error's "Use the
// `list_projects` tool to find valid ids". One pass over the sentence's words.

/** Verbs that take the reader to an address. */
const GOES = new Set(['go', 'navigate', 'visit', 'open', 'click', 'follow', 'browse', 'load']);
/** Words that make going there a duty. */
const DUTY = new Set(['must', 'required', 'requires', 'mandatory', 'critical', 'need', 'needs', 'have']);

/** Whether an outside address (not an example's) stands within a few words after the verb at `at` ("go to http://…",
 * "click on [this link](http://…)"). */
function addressAfter(ts: readonly Token[], at: number): boolean {
  return ts.slice(at + 1, at + 8).some((t) => t.kind === 'url' && !EXAMPLE.test(t.raw));
}

/** The sentence sends its reader to an outside address as a duty. */
export function sendsElsewhere(ts: readonly Token[]): boolean {
  const at = ts.findIndex((t, i) => GOES.has(t.w) && addressAfter(ts, i));
  return at >= 0 && ts.some((t) => DUTY.has(t.w));
}

/** Verbs of using a tool. */
const USING = new Set(['use', 'using', 'call', 'calling', 'invoke', 'invoking', 'run', 'running']);
/** "do NOT use other tools", "never use any other tool", "not other tools", "no other tool": every tool but one
 * ruled out (not "does not replace other tools"). */
function othersRuledOut(ts: readonly Token[]): boolean {
  return ts.some((t, i) => {
    if (t.w !== 'other' || (ts[i + 1]?.w !== 'tools' && ts[i + 1]?.w !== 'tool')) return false;
    let k = i - 1;
    if (ts[k]?.w === 'any') k--;
    if (USING.has(ts[k]?.w ?? '')) k--;
    return NO.has(ts[k]?.w ?? '');
  });
}
const QUOTES = new Set(['"', '”', "'", '’', '`']);
const NAME = /^[A-Za-z][a-z0-9]*(?:[A-Z_][A-Za-z0-9]+)+$/;
const NO = new Set(['not', 'no', 'never', "don't", 'nor', 'without']);

/**
 * "You must strictly adhere to the following instruction: … by using the "X" tool, and do NOT use other tools": a
 * result that picks the model's next tool and rules every other out. An error's "Use the `list_projects` tool to find
 * valid ids" suggests a tool and rules nothing out.
 */
export function toolForced(ts: readonly Token[]): boolean {
  // The tool named as tools are: in quotes, in code, or a name in one piece (`RecordExporter`, `export_all`).
  const named = ts.some(
    (t, i) =>
      t.w === 'tool' &&
      !!ts[i - 1] &&
      (QUOTES.has(ts[i - 1]!.raw) || ts[i - 1]!.kind === 'code' || NAME.test(ts[i - 1]!.raw)),
  );
  return named && ts.some((t) => USING.has(t.w)) && othersRuledOut(ts);
}

/**
 * In a result, a sentence said to the model that sends it to an outside address as a duty, or picks its next tool and
 * rules out the others: medium.
 */
export function detour(s: Sentence, f: TextFacts): IntentHit | undefined {
  if (!f.result || !s.spoken) return undefined;
  if (sendsElsewhere(s.ts))
    return sentenceHit(s, 'contact', 3, explain('contact', ['the model sent to an address the text chose'], true));
  if (toolForced(s.ts))
    return sentenceHit(s, 'call-tool', 3, explain('call-tool', ['every other tool ruled out'], true));
  return undefined;
}
