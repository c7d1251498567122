import type { Hit } from './hidden.js';
import type { Severity } from './rule.js';
import { ruleById, SEVERITY_RANK } from './rules.js';
import { jobOf, NAME_GENERIC } from './intent-job.js';
import { wordingModel, wordingRead } from './wording.js';
import { sentenceSpans } from './intent-sentences.js';
import { tokens } from './intent-text.js';
import { askedFirst } from './intent-voice.js';

// Rule P10's finding: where the trained reading (wording.ts) reads, and what it says of a text over its alarm.

/** The stems of a tool's name (`archive_board`, "getQuote"), as the job reader takes them, generic ones left out. */
function nameWords(name: string): Set<string> {
  return new Set([...jobOf(name, '')].filter((w) => !NAME_GENERIC.has(w)));
}

/** The words of the tool names a sentence writes in code or as identifiers (`list_boards`, get_plan). */
function calledWords(sentence: string): Set<string> {
  const out = new Set<string>();
  let inCode = false;
  for (const part of sentence.split('`')) {
    for (const chunk of inCode ? [part] : part.split(/\s+/))
      if (inCode || chunk.includes('_')) for (const w of nameWords(chunk)) out.add(w);
    inCode = !inCode;
  }
  return out;
}

/**
 * Whether a sentence of the text has the model ask the person first (intent-voice.ts, askedFirst): "ask the user for
 * it", "confirm with the user". None of the published poisoned descriptions the model learnt from says it (MCPTox 0 of
 * 485, VIGIL 0 of 206); 51 of 25,931 honest texts do.
 */
const asksPerson = (text: string): boolean => sentenceSpans(text).some(([a, b]) => askedFirst(tokens(text, a, b)));

/** A finding that fails a review at medium. */
const loud = (h: Hit & { severity?: Severity }): boolean =>
  SEVERITY_RANK[h.severity ?? ruleById(h.rule).severity] >= SEVERITY_RANK.medium;

/**
 * The trained model's finding on a tool's description (rule P10), or undefined under its alarm. Read only where no
 * other finding of the text is loud and no poisoning rule read anything in it: where a rule weighed a sentence (the
 * same server's guidance kept low), its weighing stands. Guidance that calls a tool sharing this tool's own name
 * ("Before archiving boards, call `list_boards`") may serve the tool's own use, kept at most low: the finding is low.
 */
export function wordingHit(
  text: string,
  toolName: string,
  hits: readonly (Hit & { severity?: Severity })[],
): (Hit & { severity?: Severity }) | undefined {
  if (hits.some((h) => h.rule.startsWith('P') || loud(h))) return undefined;
  const w = wordingRead(text);
  if (!w) return undefined;
  const own = nameWords(toolName);
  const shared = [...calledWords(text.slice(w.start, w.end))].filter((x) => own.has(x));
  const words = w.words.map((x) => `“${x}”`).join(', ');
  const model = wordingModel();
  const message = `worded like published poisoned descriptions: the trained model scores this text ${w.score.toFixed(2)} (alarm at ${model.threshold}); the sentence shown weighed most, and these words most of all: ${words}. No rule read an order in it: read it as the model would`;
  if (asksPerson(text))
    return {
      rule: 'P10',
      start: w.start,
      end: w.end,
      severity: 'low',
      message: `${message}. The text asks the model to ask the person: text that brings the person in, so low`,
    };
  return shared.length
    ? {
        rule: 'P10',
        start: w.start,
        end: w.end,
        severity: 'low',
        message: `${message}. The tool it calls shares this tool’s name (${shared.join(', ')}): guidance that may serve the tool’s own use, so low`,
      }
    : { rule: 'P10', start: w.start, end: w.end, message };
}
