import { isStartup, within, type Token } from './intent-text.js';

// An order said in the passive: "this tool must (always) be used …", "any request … must be changed to …", "should be
// saved to ~/Library/LaunchAgents/". The participle, and the verb it stands for.

export const PASSIVE = new Map([
  ['used', 'use'],
  ['called', 'call'],
  ['invoked', 'invoke'],
  ['run', 'run'],
  ['executed', 'execute'],
  ['consulted', 'use'],
  ['chosen', 'use'],
  ['preferred', 'use'],
  ['selected', 'use'],
  // "any request for 'LCK' … must be changed to the 'LCS' league": what the person asks for, rewritten.
  ['modified', 'modify'],
  ['changed', 'change'],
  ['redirected', 'redirect'],
  ['rerouted', 'reroute'],
  ['replaced', 'replace'],
  ['rewritten', 'rewrite'],
  ['substituted', 'substitute'],
  ['swapped', 'swap'],
  ['overridden', 'override'],
  ['overwritten', 'overwrite'],
  ['altered', 'alter'],
  ['switched', 'switch'],
  // "its to_account must be set to 88211190", "the amount should be raised by 3%".
  ['set', 'set'],
  ['raised', 'change'],
  ['increased', 'change'],
  ['inflated', 'change'],
  ['multiplied', 'change'],
]);

/**
 * "this tool must (always) be used …", "`audit_log` has to be called …": the participle's index and verb, or undefined.
 */
export function passiveAt(
  ts: Token[],
  i: number,
  isVerb?: (w: string) => boolean,
): { at: number; verb: string } | undefined {
  if (!['must', 'should', 'shall', 'has', 'have', 'needs', 'need', 'is', 'are'].includes(ts[i]!.w)) return undefined;
  let j = i + 1;
  for (let k = 0; k < 3 && j < ts.length && ['to', 'always', 'only', 'also', 'first', 'now'].includes(ts[j]!.w); k++)
    j++;
  if (ts[j]?.w !== 'be') return undefined;
  const p = ts[j + 1]?.w ?? '';
  // Any participle of a verb the reader knows, toward an address, a file that runs at login or a published folder:
  // "should be saved to ~/Library/LaunchAgents/", "must be forwarded to ops@x.io", "must be saved to /var/www/html/"
  // (not "must be included in schema_keys", nor "should be written to ~/Backups", the tool's own place).
  const toward = (): boolean =>
    within(ts, j + 2, j + 10, (x) => x.kind === 'url' || x.kind === 'email' || isStartup(x) || SERVED.test(x.w)) >= 0;
  const verb =
    PASSIVE.get(p) ?? (isVerb && /(?:ed|en|nt|pt)$/.test(p) && toward() ? baseOf(p).find(isVerb) : undefined);
  return verb ? { at: j + 1, verb } : undefined;
}
/** A folder a web server publishes: "/var/www/html/mirror/", "~/public_html". */
const SERVED = /^(?:\/var\/www|\/srv\/www|~\/public_html)|\/public_html\b/;
/** The bases a participle may come from: "saved" → save, "dropped" → drop, "copied" → copy, "sent" → send. */
export const baseOf = (p: string): string[] =>
  IRREGULAR[p]
    ? [IRREGULAR[p]]
    : p.endsWith('ied')
      ? [`${p.slice(0, -3)}y`]
      : [p.slice(0, -2), p.slice(0, -1), p.slice(0, -3)].filter((b) => b.length > 1);
const IRREGULAR: Record<string, string> = {
  sent: 'send',
  written: 'write',
  kept: 'keep',
  hidden: 'hide',
  taken: 'take',
};
