import type { ReviewReport } from '../schemas/review.js';
import { toMarkdown } from './markdown.js';
import { toSarif, type SarifArtifact } from './sarif.js';

import type { ReportFormat } from './formats.js';

/** The file a report is saved as, per format. */
export const REPORT_FILES: Record<ReportFormat, { fileName: string; mimeType: string }> = {
  md: { fileName: 'mcp-review.md', mimeType: 'text/markdown' },
  json: { fileName: 'mcp-review.json', mimeType: 'application/json' },
  sarif: { fileName: 'mcp-review.sarif', mimeType: 'application/sarif+json' },
};

/** A report as text, the same from the command line and from the page: Markdown, the report's JSON, or SARIF 2.1.0. */
export function reportText(
  report: ReviewReport,
  format: ReportFormat,
  opts: { version: string; artifact?: SarifArtifact },
): string {
  if (format === 'json') return JSON.stringify(report, null, 2) + '\n';
  if (format === 'sarif') return JSON.stringify(toSarif(report, opts), null, 2) + '\n';
  return toMarkdown(report);
}
