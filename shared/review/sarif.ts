import type { Finding, ReviewReport } from '../schemas/review.js';
import { RULES, type Severity } from './rules.js';

/** Where the servers were configured, so code-scanning UIs can point at a file and line. */
export interface SarifArtifact {
  /** The config file, relative to the repository root where possible. */
  uri: string;
  /** The 1-based line where a server's entry starts, when it can be found. */
  lineOf?: (server: string) => number | undefined;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { high: 'error', medium: 'warning', low: 'note' };
/** GitHub code scanning reads `security-severity` (0–10) to rank security results. */
const SECURITY_SEVERITY: Record<Severity, string> = { high: '8.0', medium: '5.0', low: '2.0' };

/** FNV-1a, 64 bits as hex: a stable fingerprint for code-scanning deduplication (not a security hash). */
function fnv64(s: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ (c + i), 0x01000193) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

function pascal(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
}

function result(f: Finding, artifact: SarifArtifact | undefined, suppression?: string): Record<string, unknown> {
  const ruleIndex = RULES.findIndex((r) => r.id === f.rule);
  const where = `${f.server}/${f.kind}/${f.subject}${f.path ? `/${f.path}` : ''}`;
  const line = artifact?.lineOf?.(f.server);
  return {
    ruleId: f.rule,
    ruleIndex,
    level: LEVEL[f.severity],
    message: {
      text: `${f.kind} "${f.subject}" of server "${f.server}"${f.path ? ` (${f.path})` : ''}: ${f.message}${f.excerpt ? ` — ${f.excerpt}` : ''}`,
    },
    locations: [
      {
        ...(artifact
          ? { physicalLocation: { artifactLocation: { uri: artifact.uri }, region: { startLine: line ?? 1 } } }
          : {}),
        logicalLocations: [{ fullyQualifiedName: where, kind: 'member' }],
      },
    ],
    partialFingerprints: {
      'mcpConsoleFinding/v1': fnv64(JSON.stringify([f.rule, f.server, f.kind, f.subject, f.path, f.match])),
    },
    properties: {
      severity: f.severity,
      server: f.server,
      kind: f.kind,
      subject: f.subject,
      path: f.path,
      ...(f.start !== undefined ? { start: f.start, end: f.end } : {}),
      excerpt: f.excerpt,
    },
    ...(suppression !== undefined
      ? { suppressions: [{ kind: 'external', status: 'accepted', justification: suppression }] }
      : {}),
  };
}

/**
 * The report as SARIF 2.1.0: one run, every rule with its metadata (so code-scanning UIs can show
 * help and rank by `security-severity`), new findings as results, baseline-accepted ones as results
 * carrying an external suppression with the reviewer's reason, and unreviewable servers as
 * tool execution notifications.
 */
export function toSarif(
  report: ReviewReport,
  opts: { version: string; artifact?: SarifArtifact },
): Record<string, unknown> {
  const failed = report.servers.filter((s) => s.status === 'failed');
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'MCP Console',
            version: opts.version,
            semanticVersion: opts.version,
            rules: RULES.map((r) => ({
              id: r.id,
              name: pascal(r.name),
              shortDescription: { text: r.summary },
              fullDescription: { text: r.help },
              help: { text: r.help, markdown: `**${r.summary}** (${r.family}). ${r.help}` },
              defaultConfiguration: { level: LEVEL[r.severity] },
              properties: {
                tags: ['security', 'mcp', r.family],
                'security-severity': SECURITY_SEVERITY[r.severity],
                precision: r.family === 'quality' ? 'very-high' : 'high',
              },
            })),
          },
        },
        invocations: [
          {
            executionSuccessful: failed.length === 0,
            endTimeUtc: report.at,
            toolExecutionNotifications: failed.map((s) => ({
              level: 'error',
              message: { text: `server "${s.id}" could not be reviewed: ${s.error ?? 'unknown error'}` },
            })),
          },
        ],
        ...(opts.artifact ? { artifacts: [{ location: { uri: opts.artifact.uri } }] } : {}),
        results: [
          ...report.findings.map((f) => result(f, opts.artifact)),
          ...report.suppressed.map((s) => result(s.finding, opts.artifact, s.reason)),
        ],
        properties: { servers: report.servers },
      },
    ],
  };
}
