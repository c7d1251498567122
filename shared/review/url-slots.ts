// What a URL's query string carries: a slot the model is to fill, or a value that names what it holds. The pattern
// rules (poisoning-patterns.ts) read a link or an image's address with these.

/** A value's name that says it holds something of the person's or the model's ("?q=conversation"). */
const SENSITIVE_SLOT =
  /conversation|history|secret|token|key|password|content|data|env|file|chat|message|context|prompt|memory|cookie/i;
/** A placeholder in capitals naming what the reader read, made or holds: "SUMMARY_TEXT", "RESPONSE_DATA", "RESULTS". */
const CAPS_CONTENT =
  /(?:[A-Z0-9]+_)*(?:SUMMARY|ABSTRACT|CONTEXT|CONVERSATION|TRANSCRIPT|HISTORY|RESULTS?|RESPONSE|FINDINGS|CONTENTS?|OUTPUT|NOTES|MESSAGES?|PROMPT|MEMORY)(?:_[A-Z0-9]+)*(?![\w-])/u;
/**
 * A value in a query string for the model to fill: "{…}", "{{…}}", "${…}", "$NAME", "<…>", "[…]", or their escapes, or
 * a placeholder in capitals naming what it read or holds.
 * Not "%7B%22…" (a URL-encoded JSON object) nor "%24.size" (a JSON path).
 */
const SLOT = RegExp(
  String.raw`^(?:\{|\$[{A-Z_]|<|\[|%7B(?!%22)|%3C|%5B|%24(?:%7B|[A-Z_])|${CAPS_CONTENT.source})`,
  'u',
);
/**
 * Whether a URL's query (from its "?") carries data: a value that is a slot or names something sensitive ("?q=
 * conversation"). A constant, even under a sensitive name (a badge's "?token=bRzR3RyOXZ"), carries nothing of the
 * person's. At most 16 parameters are read.
 */
export function carriesData(query: string): boolean {
  return query
    .slice(1)
    .split('&', 16)
    .some((p) => {
      const v = p.slice(p.indexOf('=') + 1);
      return p.includes('=') && (SLOT.test(v) || (/^[a-z_-]+$/i.test(v) && SENSITIVE_SLOT.test(v)));
    });
}

/**
 * A parameter whose value is a slot (after "?" or "&"): braces, an angle, a bracket, their escapes, or a placeholder in
 * capitals naming what the reader read or holds ("?abstract=SUMMARY_TEXT"). Not "config=%7B%22command…": a
 * URL-encoded JSON object is a value, not a slot.
 */
export const SLOT_IN_QUERY = RegExp(
  String.raw`[?&][\w.-]+=(?:\{\{?|\$\{|<|%7[Bb](?!%22)|\[|${CAPS_CONTENT.source})[^\s"'>)]*`,
  'u',
);
/** A query (from its "?") whose slot would carry something of the person's or the model's: a high finding. */
export const slotCarries = (query: string): boolean => SENSITIVE_SLOT.test(query) || CAPS_CONTENT.test(query);
