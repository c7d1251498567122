import { existsSync, writeFileSync } from 'node:fs';
import { joinRecorded, recordCollection, type RecordedCall } from '../../../shared/collections/record.js';
import { collectionText, snapshotOf } from '../../../shared/collections/steps.js';
import { pointerOf } from '../../../shared/collections/pointer.js';
import type { Exchange } from '../../../shared/recording/read.js';
import { REDACTED } from '../../../shared/schemas/recording.js';
import type { Collection } from '../../../shared/schemas/collection.js';
import { loadCollection } from '../../core/index.js';
import { str, UsageError, type ParsedArgs } from './args.js';
import { safe } from './format.js';
import type { Io } from './io.js';
import { readRecordingFiles } from './recording-files.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The pointers of every string argument the recording left out (wholly or in part): each becomes `{{env.NAME}}`. */
function redactedPointers(args: unknown): string[] {
  const out: string[] = [];
  const stack: Array<[Array<string | number>, unknown]> = [[[], args]];
  while (stack.length) {
    const [path, v] = stack.pop()!;
    if (typeof v === 'string' && v.includes(REDACTED)) out.push(pointerOf(path));
    else if (Array.isArray(v)) v.forEach((x, i) => stack.push([[...path, i], x]));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) stack.push([[...path, k], x]);
  }
  return out;
}

/** A recorded `tools/call` as a call of History: its arguments, outcome and result; undefined when it is not one. */
function callOf(serverId: string, ex: Exchange): RecordedCall | 'asked' | undefined {
  const p = ex.params;
  if (ex.method !== 'tools/call' || !isObject(p) || typeof p.name !== 'string' || !ex.answer) return undefined;
  // A later leg of a 2026-07-28 exchange that asked the person for input: the step is its first leg.
  if (p.inputResponses !== undefined || p.requestState !== undefined) return undefined;
  if ('error' in ex.answer)
    return { serverId, tool: p.name, args: isObject(p.arguments) ? p.arguments : {}, outcome: 'protocol-error' };
  const result = ex.answer.result;
  if (!isObject(result)) return undefined;
  if (result.resultType === 'input_required') return 'asked';
  return {
    serverId,
    tool: p.name,
    args: isObject(p.arguments) ? p.arguments : {},
    outcome: result.isError === true ? 'tool-error' : 'ok',
    snapshot: snapshotOf(result),
  };
}

/**
 * `collect RECORDING… --out FILE [--server ID] [--name NAME]`: each tool call a recording holds becomes a step of a
 * collection, expecting the outcome it had and with its result as the snapshot, as recording calls of History does.
 * What the recording left out of the arguments becomes `{{env.NAME}}` (set it in the environment to run the steps).
 * Into FILE when it is a collection (the steps are added), else a new collection there.
 */
export async function collectCommand(args: ParsedArgs, io: Io): Promise<number> {
  const files = args.positional.slice(1);
  const out = str(args, 'out');
  if (!files.length || !out)
    throw new UsageError('collect needs recordings and --out FILE: collect RECORDING… --out FILE');
  let existing: Collection | undefined;
  try {
    existing = existsSync(out) ? loadCollection(out) : undefined;
    const read = readRecordingFiles(files);
    for (const p of read.problems) io.err(`warning: ${safe(p)}`);
    const only = str(args, 'server');
    if (only !== undefined && !read.servers.has(only))
      throw new Error(`no server ${JSON.stringify(only)} in the recording: ${[...read.servers.keys()].join(', ')}`);
    const exchanges = [...read.servers.values()]
      .filter((s) => only === undefined || s.serverId === only)
      .flatMap((s) => s.exchanges.map((ex) => ({ serverId: s.serverId, ex })))
      .sort((a, b) => (a.ex.seq ?? 0) - (b.ex.seq ?? 0));
    const calls: RecordedCall[] = [];
    let asked = 0;
    for (const { serverId, ex } of exchanges) {
      const c = callOf(serverId, ex);
      if (c === 'asked') asked++;
      else if (c) calls.push(c);
    }
    if (!calls.length)
      throw new Error(
        `the recording holds no tool call with an answer${asked ? ` (${asked} asked the person for input)` : ''}`,
      );
    const marked = calls.flatMap((c, index) => redactedPointers(c.args).map((pointer) => ({ index, pointer })));
    const name = existing?.name ?? str(args, 'name') ?? `Recorded from ${files.join(', ')}`;
    const rec = recordCollection(
      name,
      calls,
      marked,
      existing && { ids: existing.steps.map((s) => s.id), vars: existing.env ?? [] },
    );
    const collection = joinRecorded(existing, rec);
    writeFileSync(out, collectionText(collection));
    io.err(
      `${existing ? 'added' : 'wrote'} ${rec.collection.steps.length} steps ${existing ? 'to' : 'in'} ${safe(out)}` +
        (asked ? ` (${asked} calls that asked the person for input were left out)` : ''),
    );
    for (const s of rec.secrets)
      io.err(`  ${s.step}${s.pointer}: left out of the recording; set ${s.variable} in the environment to run it`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    io.err(`error: ${safe((e as Error).message)}`);
    return 2;
  }
}
