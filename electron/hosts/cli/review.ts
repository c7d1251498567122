import { writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { baselineOf } from '../../../shared/review/baseline.js';
import { pinsOf } from '../../../shared/review/pins.js';
import { parseBaseline, parsePins } from '../../../shared/review/review-files.js';
import { reportText } from '../../../shared/review/export.js';
import { REPORT_FORMATS, type ReportFormat } from '../../../shared/review/formats.js';
import { countAtOrAbove } from '../../../shared/review/report.js';
import type { Severity } from '../../../shared/review/rules.js';
import type { SarifArtifact } from '../../../shared/review/sarif.js';
import { parseHostConfigDetailed } from '../../../shared/config.js';
import { CLIENT_INFO, readPlacedText } from '../../core/index.js';
import { str, type ParsedArgs } from './args.js';
import { UsageError, type Io } from './commands.js';
import { openCoreOr } from './open-core.js';
import { safe } from './format.js';

/** Exit codes of `review` (AUTOMATION.md). */
export const REVIEW_EXIT = { clean: 0, findings: 1, unreviewed: 2 } as const;

const LEVELS: readonly Severity[] = ['low', 'medium', 'high'];

/** The 1-based line where a server's entry starts in a config file, when its key can be found. */
function lineFinder(text: string): (server: string) => number | undefined {
  return (server) => {
    const at = text.indexOf(`${JSON.stringify(server)}`);
    return at < 0 ? undefined : text.slice(0, at).split('\n').length;
  };
}

/** Reads and parses a file named by a flag; what is wrong is a usage error naming the flag. */
function readFileAs<T>(file: string, flag: string, parse: (text: string) => T): T {
  let text: string;
  try {
    text = readPlacedText(file, `${flag} ${file}`);
  } catch (e) {
    throw new UsageError(`cannot read ${flag} ${file}: ${(e as Error).message}`);
  }
  try {
    return parse(text);
  } catch (e) {
    throw new UsageError(`${flag} ${file}: ${(e as Error).message}`);
  }
}

/**
 * `review --config F [--server ID] [--format md|json|sarif] [--out FILE] [--baseline FILE]
 * [--fail-on low|medium|high] [--pins FILE] [--write-pins FILE] [--write-baseline FILE --reason TEXT]`:
 * connects to every server of the config (or the one named), reviews them together (comparing
 * their tools with the pins file when one is given), writes the report, and exits 1 when new
 * findings reach the threshold (high unless told), 2 when a server could not be reviewed.
 */
export async function reviewCommand(args: ParsedArgs, io: Io): Promise<number> {
  const config = str(args, 'config');
  if (!config) throw new UsageError('review needs --config F (the servers to review)');
  const format = str(args, 'format') ?? 'md';
  if (!(REPORT_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be md, json or sarif, not ${JSON.stringify(format)}`);
  const failOn = (str(args, 'fail-on') ?? 'high') as Severity;
  if (!LEVELS.includes(failOn))
    throw new UsageError(`--fail-on must be low, medium or high, not ${JSON.stringify(failOn)}`);
  const era = str(args, 'era');
  if (era !== undefined && era !== 'auto' && era !== 'modern' && era !== 'legacy')
    throw new UsageError(`--era must be auto, modern or legacy, not ${JSON.stringify(era)}`);
  const writeTo = str(args, 'write-baseline');
  const reason = str(args, 'reason');
  if (writeTo && !reason?.trim())
    throw new UsageError('--write-baseline needs --reason TEXT: say why the current findings are accepted');
  const baselineFile = str(args, 'baseline');
  const baseline = baselineFile ? readFileAs(baselineFile, '--baseline', parseBaseline) : undefined;
  const pinsFile = str(args, 'pins');
  const pins = pinsFile ? readFileAs(pinsFile, '--pins', parsePins) : undefined;
  const writePins = str(args, 'write-pins');

  const opened = await openCoreOr(args, io, REVIEW_EXIT.unreviewed);
  if (typeof opened === 'number') return opened;
  const { core, problems, configWarnings, configError } = opened;
  try {
    for (const p of problems) io.err(`warning: ${safe(p)}`);
    for (const w of configWarnings) io.err(`warning: ${safe(w)}`);
    if (configError) {
      io.err(`error: ${safe(configError)}`);
      return REVIEW_EXIT.unreviewed;
    }
    // The servers of the file (through a running console, which has others too), not every server there is.
    const known = Object.keys(parseHostConfigDetailed(readPlacedText(config, 'the config file')).servers);
    const only = str(args, 'server');
    if (only !== undefined && !known.includes(only))
      throw new UsageError(`no server ${JSON.stringify(only)} in ${config}; known: ${known.join(', ') || 'none'}`);
    const ids = only !== undefined ? [only] : known;
    await Promise.all(ids.map((id) => core.connect(id, era as 'auto' | 'modern' | 'legacy' | undefined)));
    // The report applies the baseline named here (none: every finding is new), not the desktop app's own.
    const report = await core.review(ids, baseline ?? { version: 1, suppressions: [] }, pins ?? null);
    const all = [...report.findings, ...report.suppressed.map((x) => x.finding)];
    if (writePins) {
      const reviewed = report.servers.filter((x) => x.status === 'reviewed').map((x) => x.id);
      writeFileSync(
        writePins,
        JSON.stringify(
          pinsOf(
            await Promise.all(reviewed.map(async (id) => ({ id, tools: await core.reviewedDefinitions(id) }))),
            undefined,
            pins,
          ),
          null,
          2,
        ) + '\n',
      );
      io.err(`wrote ${writePins}: the tools of ${reviewed.length} server${reviewed.length === 1 ? '' : 's'} pinned`);
    }
    if (writeTo) {
      writeFileSync(writeTo, JSON.stringify(baselineOf(all, reason!.trim(), baseline), null, 2) + '\n');
      io.err(`wrote ${writeTo}: ${all.length} findings accepted`);
    }
    const artifact: SarifArtifact = {
      uri: relative(process.cwd(), config).split(sep).join('/'),
      lineOf: lineFinder(readPlacedText(config, 'the config file')),
    };
    const text = reportText(report, format as ReportFormat, { version: CLIENT_INFO.version, artifact });
    const out = str(args, 'out');
    if (out) writeFileSync(out, text);
    else io.out(text.trimEnd());
    for (const s of report.servers)
      if (s.status === 'failed')
        io.err(`error: server ${safe(s.id, true)} could not be reviewed: ${safe(s.error ?? '', true)}`);
    // A list the server failed to give marks that part: its tools were reviewed, so the exit code stands on them.
    for (const s of report.servers)
      for (const p of s.failedParts ?? [])
        io.err(`warning: server ${safe(s.id, true)}: its ${p.part} were not reviewed: ${safe(p.error, true)}`);
    const over = countAtOrAbove(report, failOn);
    io.err(
      `${report.findings.length} new findings, ${over} at or above ${failOn}${report.suppressed.length ? `, ${report.suppressed.length} accepted in the baseline` : ''}`,
    );
    if (report.servers.some((s) => s.status === 'failed')) return REVIEW_EXIT.unreviewed;
    return over > 0 && !writeTo ? REVIEW_EXIT.findings : REVIEW_EXIT.clean;
  } finally {
    await core.close();
  }
}
