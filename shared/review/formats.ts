/** The formats a review report is written in (the CLI's `--format`, the page's export). */
export const REPORT_FORMATS = ['md', 'json', 'sarif'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
