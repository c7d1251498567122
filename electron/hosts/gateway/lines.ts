import { StringDecoder } from 'node:string_decoder';

/**
 * Splits a byte stream into lines, calling `onLine` with each whole one (without its newline). UTF-8
 * safe across chunks (a character split between two chunks stays whole), and each chunk is scanned
 * once, however long the line it belongs to.
 */
export function lineSplitter(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  const decoder = new StringDecoder('utf8');
  let parts: string[] = [];
  return (chunk) => {
    let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n')) {
      parts.push(text.slice(0, nl));
      text = text.slice(nl + 1);
      const line = parts.join('');
      parts = [];
      onLine(line);
    }
    if (text) parts.push(text);
  };
}
