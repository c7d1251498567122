import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { ConsentProvider, ConsentQuestion } from './consents.js';
import { consentText } from './consent-text.js';

/**
 * Consent on the terminal that started the console: questions one at a time, answered by a line
 * (`y` or `yes` allows; anything else refuses). When the input ends, nobody can be asked any more.
 */
export function terminalConsent(
  input: Readable,
  write: (text: string) => void,
  where = 'the terminal that runs mcp-console serve',
): ConsentProvider {
  const queue: { q: ConsentQuestion; resolve: (a: boolean | 'unavailable') => void }[] = [];
  let closed = false;
  let current: ((line: string | null) => void) | null = null;
  const rl = createInterface({ input, terminal: false });
  rl.on('line', (line) => current?.(line));
  rl.on('close', () => {
    closed = true;
    current?.(null);
    for (const item of queue.splice(0)) item.resolve('unavailable');
  });
  const next = () => {
    if (current || queue.length === 0) return;
    const item = queue.shift()!;
    write(`\n${consentText(item.q)}\nType y and Enter to allow; anything else refuses. > `);
    current = (line) => {
      current = null;
      if (line === null) item.resolve('unavailable');
      else {
        const yes = /^\s*(y|yes)\s*$/i.test(line);
        write(yes ? 'Allowed.' : 'Refused.');
        item.resolve(yes);
      }
      next();
    };
  };
  return {
    where,
    via: 'terminal',
    ask: (q) =>
      new Promise((resolve) => {
        if (closed) return resolve('unavailable');
        queue.push({ q, resolve });
        next();
      }),
  };
}
