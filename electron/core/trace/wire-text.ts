/**
 * The text a large message arrived as, kept beside the parsed message (weakly, so nothing outlives
 * it) for the trace: a string holds a byte a character where the parsed message's objects take
 * three to four times its JSON size. Only transports that read the text themselves (stdio) note it.
 */
const texts = new WeakMap<object, string>();

/** Messages shorter than this are traced as they are (their objects cost little, and a note costs a WeakMap entry). */
export const WIRE_TEXT_MIN = 32 * 1024;

/** Notes the text `message` was parsed from, when it is large enough to be worth keeping as text. */
export function noteWireText(message: object, text: string): void {
  if (text.length >= WIRE_TEXT_MIN) texts.set(message, text);
}

/**
 * The text a message was parsed from, if its transport noted it, handed over once: the trace packs
 * it at once, and a page of 100,000 tools' listing is not kept alive as text for as long as its
 * message is handled (held across a young collection, each page's text moved to the old
 * generation's large objects, which only a full collection frees: 50 MB of them over a re-list).
 */
export function takeWireText(message: object): string | undefined {
  const text = texts.get(message);
  if (text !== undefined) texts.delete(message);
  return text;
}
