import type { Finding, ReviewReport } from '../schemas/review.js';
import { ruleById } from './rules.js';
import { mdText } from '../md-text.js';

export { mdText };

const BADGE = { high: '🔴 high', medium: '🟠 medium', low: '⚪ low' } as const;

function row(f: Finding): string {
  const where = `${f.kind} ${mdText(f.subject)}${f.path ? ` · ${mdText(f.path)}` : ''}`;
  const rule = ruleById(f.rule);
  return `| ${BADGE[f.severity]} | ${f.rule} ${rule.name} | ${where} | ${mdText(f.message)}${f.excerpt ? `<br>${mdText(f.excerpt)}` : ''} |`;
}

/** The report as Markdown for a pull-request comment: a summary per server, then each finding. */
export function toMarkdown(report: ReviewReport): string {
  const lines: string[] = ['## MCP Console security review', ''];
  const counts = { high: 0, medium: 0, low: 0 };
  for (const f of report.findings) counts[f.severity]++;
  lines.push(
    `**${report.findings.length} new finding${report.findings.length === 1 ? '' : 's'}** (${counts.high} high, ${counts.medium} medium, ${counts.low} low)${report.suppressed.length ? `, ${report.suppressed.length} accepted in the baseline` : ''}.`,
    '',
  );
  lines.push('| server | status | tools | prompts | resources | risk |', '|---|---|---|---|---|---|');
  for (const s of report.servers)
    lines.push(
      `| ${mdText(s.id)} | ${s.status === 'failed' ? `could not be reviewed: ${mdText(s.error ?? '')}` : 'reviewed'} | ${s.tools} | ${partCell(s, 'prompts', s.prompts)} | ${partCell(s, 'resources', s.resources)} | ${s.risk} |`,
    );
  for (const s of report.servers) {
    const mine = report.findings.filter((f) => f.server === s.id);
    if (mine.length === 0) continue;
    lines.push(
      '',
      `### ${mdText(s.id)}`,
      '',
      '| severity | rule | where | finding |',
      '|---|---|---|---|',
      ...mine.map(row),
    );
  }
  if (report.suppressed.length) {
    lines.push(
      '',
      '<details><summary>Accepted in the baseline</summary>',
      '',
      '| severity | rule | where | reason |',
      '|---|---|---|---|',
    );
    for (const { finding: f, reason } of report.suppressed)
      lines.push(
        `| ${BADGE[f.severity]} | ${f.rule} | ${mdText(f.server)} · ${f.kind} ${mdText(f.subject)} | ${mdText(reason)} |`,
      );
    lines.push('', '</details>');
  }
  if (report.stale.length)
    lines.push(
      '',
      `${report.stale.length} baseline entr${report.stale.length === 1 ? 'y matches' : 'ies match'} nothing any more; remove ${report.stale.length === 1 ? 'it' : 'them'} from the baseline.`,
    );
  return lines.join('\n') + '\n';
}

/** A part's count, or why it has none: the list failed. */
function partCell(s: ReviewReport['servers'][number], part: 'prompts' | 'resources', n: number): string {
  const failed = s.failedParts?.find((f) => f.part === part);
  if (failed) return `could not be listed: ${mdText(failed.error)}`;
  return String(n);
}
