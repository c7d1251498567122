/**
 * Indents JSON text without parsing it: the same bytes in the same order, with only whitespace
 * added between tokens. Parsing and re-printing could reorder keys (integer-like keys move first in
 * JavaScript objects), and the approval dialog must show exactly what is sent.
 */
export function prettyJsonText(text: string, indent = 2): string {
  let out = '';
  let depth = 0;
  let inString = false;
  const pad = () => '\n' + ' '.repeat(depth * indent);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    switch (c) {
      case '"':
        inString = true;
        out += c;
        break;
      case '{':
      case '[': {
        const close = c === '{' ? '}' : ']';
        let j = i + 1;
        while (text[j] === ' ' || text[j] === '\n' || text[j] === '\t' || text[j] === '\r') j++;
        if (text[j] === close) {
          out += c + close;
          i = j;
        } else {
          depth++;
          out += c + pad();
        }
        break;
      }
      case '}':
      case ']':
        depth--;
        out += pad() + c;
        break;
      case ',':
        out += ',' + pad();
        break;
      case ':':
        out += ': ';
        break;
      case ' ':
      case '\n':
      case '\t':
      case '\r':
        break;
      default:
        out += c;
    }
  }
  return out;
}
