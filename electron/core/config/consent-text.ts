import { safe } from '../../../shared/terminal-text.js';
import type { ConsentQuestion } from './consents.js';
import { count } from '../../../shared/plain-format.js';

/** What the person reads before answering: the exact command line, or the trust asked for. */
export function consentText(q: ConsentQuestion): string {
  const lines: string[] = [];
  if (q.kind === 'launch' && q.launch) {
    const l = q.launch;
    lines.push(
      `MCP Console: the console page asks to launch server ${safe(JSON.stringify(q.serverId), true)} with this command line:`,
      `  command: ${safe(l.command, true)}`,
      `  args:    ${l.args.length ? l.args.map((a) => safe(JSON.stringify(a), true)).join(' ') : '(none)'}`,
      `  env:     ${
        Object.keys(l.env).length
          ? Object.entries(l.env)
              .map(([k, v]) => `${safe(k, true)}=${safe(v, true)}`)
              .join('  ')
          : '(none besides the minimal environment)'
      }`,
      `  cwd:     ${l.cwd ? safe(l.cwd, true) : "(the console's own)"}`,
      'It runs with your permissions. Launch it?',
    );
  } else if (q.kind === 'settings') {
    const shown = (v: number | string | null) =>
      v === null ? '(none)' : typeof v === 'number' ? count(v) : safe(v, true);
    const ships = (q.settings ?? []).some((r) => r.name.startsWith('ship'));
    lines.push(
      ships
        ? 'MCP Console: the console page asks to change where the audit log is sent:'
        : 'MCP Console: the console page asks to raise limits past their defaults:',
    );
    for (const r of q.settings ?? []) lines.push(`  ${safe(r.name, true)}: ${shown(r.from)} -> ${shown(r.to)}`);
    lines.push(
      ships
        ? 'Every audit entry, with the arguments of every call, would be sent there. Allow it?'
        : 'A longer wait or a larger limit gives a server or an agent more room. Allow it?',
    );
  } else {
    const t = q.trust ?? { trusted: true, autoApproveReadOnly: false };
    lines.push(
      `MCP Console: the console page asks to trust server ${safe(JSON.stringify(q.serverId), true)} (identity ${q.identity.slice(0, 16)}…):`,
      `  its annotations will be believed${t.autoApproveReadOnly ? ', and its tools that say they are read-only will run WITHOUT ASKING' : ''}.`,
      'Trust it?',
    );
  }
  return lines.join('\n');
}
