import { stem } from './intent-job.js';
import type { Signals } from './intent-signals.js';
import { EXAMPLE, type Token } from './intent-text.js';
import { hostOf } from './intent-visit.js';

// The tool's own provider (read for the broad reading, intent.ts): "Translate text with DeepL. The text is sent to
// api.deepl.com for translation" names where the tool's job is done, not an outside address the model is sent to.

/**
 * The broad reading's signals with the address and the send taken out when every address of the sentence is the tool's
 * own provider: a host whose registered name ("deepl.com" of "api.deepl.com") is a word of the tool's name and summary
 * (`job`). Not "api.deepl.com.evil.ru", registered elsewhere. Unchanged otherwise.
 */
export function ownProvider(sig: Signals, ts: readonly Token[], job?: () => ReadonlySet<string>): Signals {
  if (!job || !sig.reach.has('address')) return sig;
  let hosts = 0;
  for (const t of ts) {
    const host = hostOf(t, true);
    if (!host || EXAMPLE.test(host)) continue;
    const labels = host.split('.');
    const name = labels[labels.length - 2];
    if (!name || !job().has(stem(name))) return sig;
    hosts++;
  }
  if (!hosts) return sig;
  const reach = new Set(sig.reach);
  reach.delete('address');
  reach.delete('send');
  return { ...sig, reach };
}
