import { existsSync } from 'node:fs';
import { diffMarkdown, diffServers, diffText, type ServerSide } from '../../../shared/server-diff.js';
import { fileSide, isRecordingText, liveSide, recordingSide } from '../../../shared/server-sides.js';
import { readRecording } from '../../../shared/recording/read.js';
import { linesOf, recordingBytes } from './recording-files.js';
import { str, UsageError, type ParsedArgs } from './args.js';
import type { CommandCore } from './command-core.js';
import { EXIT, openServer, type Io } from './commands.js';
import { safe } from './format.js';

/** Exit codes of `diff` (AUTOMATION.md). */
export const DIFF_EXIT = { equal: 0, different: 1, error: 2 } as const;

/** A file's side: a recording when its first line says so, else a pins file, a tools JSON or a listing (16 MB). */
function readSide(file: string, server?: string): ServerSide {
  const bytes = recordingBytes(file);
  if (isRecordingText(bytes.toString('utf8', 0, 64))) return recordingSide(readRecording(linesOf(bytes)), file, server);
  if (bytes.length > PLACED_MAX)
    throw new Error(`${file} is larger than ${PLACED_MAX / 1024 / 1024} MB and is not a recording`);
  return fileSide(bytes.toString('utf8'), file, server);
}

/** The most a pins file, a tools JSON or a listing may weigh (a recording may weigh more). */
const PLACED_MAX = 16 * 1024 * 1024;

/** What a side names: a file (`FILE` or `FILE#SERVER`), or a configured server (`ID` or `server:ID`). */
function specOf(spec: string): { file: string; server?: string } | { live: string } {
  if (spec.startsWith('server:')) return { live: spec.slice('server:'.length) };
  const hash = spec.lastIndexOf('#');
  if (existsSync(spec)) return { file: spec };
  if (hash > 0 && existsSync(spec.slice(0, hash))) return { file: spec.slice(0, hash), server: spec.slice(hash + 1) };
  return { live: spec };
}

/**
 * `diff A B [--config F] [--format text|json|md] [--json]`: each side a live server of the config, a pins file, a
 * recording, a tools JSON or a server's listing; prints what was added, removed and changed; exit 0 when equal, 1
 * when different.
 */
export async function diffCommand(args: ParsedArgs, io: Io): Promise<number> {
  const [, a, b] = args.positional;
  if (!a || !b)
    throw new UsageError(
      'diff needs two sides: diff A B (a server of --config, a pins file, a recording or a tools JSON)',
    );
  const format = args.flags.has('json') ? 'json' : (str(args, 'format') ?? 'text');
  if (format !== 'text' && format !== 'json' && format !== 'md')
    throw new UsageError(`--format must be text, json or md, not ${JSON.stringify(format)}`);
  const specs = [specOf(a), specOf(b)];
  const live = specs.flatMap((s) => ('live' in s ? [s.live] : []));
  let core: CommandCore | undefined;
  try {
    // One core for the live sides (the console running on the data directory, or one of the command's own).
    for (const id of live) {
      if (core) {
        const v = await core.connect(id, str(args, 'era') as never);
        if (v.status !== 'connected') throw new Error(`could not connect to ${id}: ${v.error ?? v.status}`);
        continue;
      }
      const opened = await openServer(args, io, id);
      if (typeof opened === 'number') return opened;
      core = opened.core;
    }
    const sides: ServerSide[] = [];
    for (const s of specs)
      sides.push('live' in s ? await liveSide((n, i) => core!.ask(n, i), s.live) : readSide(s.file, s.server));
    const d = diffServers(sides[0]!, sides[1]!);
    if (format === 'json') io.out(JSON.stringify(d, null, 2));
    else if (format === 'md') io.out(diffMarkdown(d).trimEnd());
    else io.out(diffText(d, (t) => safe(t, true)));
    return d.equal ? DIFF_EXIT.equal : DIFF_EXIT.different;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    io.err(`error: ${safe((e as Error).message)}`);
    return EXIT.protocol;
  } finally {
    await core?.close();
  }
}
