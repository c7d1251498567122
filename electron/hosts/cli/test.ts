import { writeFileSync } from 'node:fs';
import type { Collection } from '../../../shared/schemas/collection.js';
import type { Approval } from '../../../shared/schemas/call.js';
import type { CollectionRun } from '../../../shared/schemas/collection-run.js';
import { collectionText, envOf, withSnapshot } from '../../../shared/collections/steps.js';
import { loadCollection, writeFileAtomic } from '../../core/index.js';
import { str, type ParsedArgs } from './args.js';
import type { CommandCore } from './command-core.js';
import { decideOnTerminal, EXIT, UsageError } from './commands.js';
import { openCoreOr } from './open-core.js';
import { variantsOf, type Variant } from './variants.js';
import { safe } from './format.js';
import { failureText, report, REPORTERS, tally, type Reporter } from './test-report.js';
import type { Io } from './io.js';

/**
 * `test COLLECTION… --config F [--reporter junit|tap|md|json] [--out FILE] [--update-snapshots] [--yes] [--against
 * NAME]`:
 * runs each collection through the gate (its scope approved once: on the terminal, or by --yes),
 * prints each step's verdict and writes the report. Exit 0 when every step held, 1 when one failed,
 * 2 when a server could not be reached or a collection could not be read, 3 when a run was not approved.
 */
export async function testCommand(args: ParsedArgs, io: Io): Promise<number> {
  const paths = args.positional.slice(1);
  if (paths.length === 0) throw new UsageError('name at least one collection file');
  const reporter = str(args, 'reporter');
  if (reporter !== undefined && !REPORTERS.includes(reporter as Reporter))
    throw new UsageError(`--reporter must be one of ${REPORTERS.join(', ')}`);
  const out = str(args, 'out');
  if (args.flags.has('out') && !out) throw new UsageError('--out needs a file');
  const against = str(args, 'against');
  if (args.flags.has('against') && !against) throw new UsageError('--against needs a server name');
  if (args.flags.has('data') && args.flags.has('update-snapshots'))
    throw new UsageError('--update-snapshots writes one snapshot per step: run it without --data');
  const collections: Array<{ path: string; collection: Collection; runs: Variant[] }> = [];
  for (const path of paths) {
    try {
      const collection = loadCollection(path);
      collections.push({
        path,
        collection,
        runs: variantsOf(path, collection, args, (w) => io.err(`warning: ${safe(w)}`)),
      });
    } catch (e) {
      if (e instanceof UsageError) throw e;
      io.err(`error: ${safe((e as Error).message)}`);
      return EXIT.protocol;
    }
  }
  const opened = await openCoreOr(args, io, EXIT.protocol, { policy: true });
  if (typeof opened === 'number') return opened;
  const { core, problems, configWarnings, configError } = opened;
  for (const p of [...problems, ...configWarnings]) io.err(`warning: ${safe(p)}`);
  try {
    if (configError) {
      io.err(`error: ${safe(configError)}`);
      return EXIT.protocol;
    }
    const runs: CollectionRun[] = [];
    for (const { path, collection, runs: variants } of collections)
      for (const v of variants) {
        const run = await runOne(core, path, v.collection, args, io, against);
        if (run === null) return EXIT.denied;
        runs.push(run);
        // Snapshots go into the file as it is written: its variables stay variables.
        if (args.flags.has('update-snapshots')) await writeSnapshots(core, run, path, collection, io);
      }
    const text = reporter ? report(reporter as Reporter, runs) : undefined;
    if (text !== undefined && out) writeFileSync(out, text);
    else if (text !== undefined) io.out(text.trimEnd());
    const t = tally(runs);
    (text !== undefined && !out ? io.err : io.out)(
      `${t.passed} passed, ${t.failures} failed, ${t.skipped} skipped${t.updated ? `, ${t.updated} snapshots written` : ''}${out ? ` — report in ${out}` : ''}`,
    );
    if (runs.some((r) => r.status === 'unreachable')) return EXIT.protocol;
    if (runs.some((r) => r.status === 'denied' || r.status === 'cancelled')) return EXIT.denied;
    return runs.some((r) => r.status === 'failed') ? EXIT.toolError : EXIT.ok;
  } finally {
    await core.close();
  }
}

/** Asks for one run, has its scope decided here, follows it to its end; null when it was not approved. */
async function runOne(
  core: CommandCore,
  path: string,
  collection: Collection,
  args: ParsedArgs,
  io: Io,
  against?: string,
): Promise<CollectionRun | null> {
  const runs = core.runs;
  const run = await runs.request(collection, path, {
    against,
    updateSnapshots: args.flags.has('update-snapshots'),
    // The variables the collection reads are this command's, wherever it runs (a running console has its own).
    env: Object.fromEntries(envOf(collection).map((name) => [name, process.env[name]])),
  });
  const scope = [
    `Run collection ${JSON.stringify(safe(collection.name, true))} (${path}): ${run.scope.steps.length} steps on ${run.scope.servers.map((s) => safe(s, true)).join(', ')}`,
    ...run.scope.steps.map(
      (s) => `  ${safe(s.id, true)}: ${safe(s.label, true)}${s.argsTemplate ? ` ${safe(s.argsTemplate, true)}` : ''}`,
    ),
    ...(run.scope.env.length ? [`  reads from the environment: ${run.scope.env.join(', ')}`] : []),
    'This approves every call above, once each, for this run only (scope sha-256 ' + run.scopeHash.slice(0, 16) + '…).',
  ].join('\n');
  if (args.flags.has('yes')) {
    io.err(scope + '\nApproved by --yes.');
    await runs.decide(run.id, 'approve', run.scopeHash, 'cli-flag');
  } else if (io.isTTY) {
    io.err(scope);
    const yes = /^\s*(y|yes)\s*$/i.test(await io.ask('Run it? [y/N] '));
    await runs.decide(run.id, yes ? 'approve' : 'deny', run.scopeHash, 'user');
    if (!yes) return null;
  } else {
    io.err(
      scope + '\nRefusing to run: there is no terminal to ask for approval and --yes was not given. Nothing was sent.',
    );
    await runs.cancel(run.id);
    return null;
  }
  // A step the run's grant does not cover (a stale catalog) is asked about like a single call.
  const off = core.onEvent((name, p) => {
    const a = p as Approval;
    if (name === 'approval.requested' && a.requestedBy.kind === 'collection' && a.requestedBy.run === run.id)
      decideOnTerminal(core, a, args, io).catch((e: Error) => io.err(`error: ${safe(e.message)}`));
  });
  const done = await runs.wait(run.id).finally(off);
  for (const s of done.steps) {
    const mark = s.status === 'passed' ? 'ok  ' : s.status === 'failed' ? 'FAIL' : 'skip';
    io.err(
      `${mark} ${safe(collection.name, true)} › ${safe(s.id, true)}  ${safe(s.label, true)}  ${Math.round(s.durationMs ?? 0)} ms${s.updated ? '  (snapshot written)' : ''}`,
    );
    if (s.status === 'failed') for (const line of failureText(s).split('\n')) io.err(`       ${safe(line)}`);
  }
  if (done.status === 'unreachable')
    io.err(
      `error: could not run ${safe(collection.name, true)}: ${safe(done.error ?? 'a server could not be reached')}`,
    );
  return done;
}

/** --update-snapshots: the steps whose snapshot was written from this run go into the file. */
async function writeSnapshots(
  core: CommandCore,
  run: CollectionRun,
  path: string,
  collection: Collection,
  io: Io,
): Promise<void> {
  let next = collection;
  for (const s of run.steps.filter((x) => x.updated)) {
    try {
      next = withSnapshot(next, s.id, await core.runs.observed(run.id, s.id));
    } catch (e) {
      io.err(`warning: the snapshot of ${safe(s.id, true)} was not written: ${safe((e as Error).message)}`);
    }
  }
  if (next === collection) return;
  writeFileAtomic(path, collectionText(next));
  io.err(`wrote ${run.steps.filter((x) => x.updated).length} snapshots into ${path}`);
}
