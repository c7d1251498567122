import type { DoctorReport } from '../../../shared/schemas/server.js';
import { str, type ParsedArgs } from './args.js';
import { EXIT, openServer, UsageError, withServer, type Io } from './commands.js';
import { safe } from './format.js';

/** `ping <server>`: one round trip (ping in the 2025 era, server/discover in 2026-07-28). */
export async function pingCommand(args: ParsedArgs, io: Io): Promise<number> {
  const server = args.positional[1];
  if (!server) throw new UsageError('name the server');
  return withServer(args, io, server, async (core, id) => {
    const r = await core.ask('servers.ping', { serverId: id });
    if (args.flags.has('json')) io.out(JSON.stringify(r));
    else io.out(`${r.method}: ${r.ms} ms`);
    return EXIT.ok;
  });
}

/**
 * `doctor <server>`: connects if it can, and reports what it found and what to try (exit 0 when healthy, 2 otherwise).
 */
export async function doctorCommand(args: ParsedArgs, io: Io): Promise<number> {
  const server = args.positional[1];
  if (!server) throw new UsageError('name the server');
  // A failed connection is what the doctor is for: report it instead of stopping.
  const quiet: Io = { ...io, err: () => {} };
  const opened = await openServer(args, quiet, server, undefined, true);
  if (typeof opened === 'number') return opened;
  const { core, id } = opened;
  try {
    const report = await core.ask('servers.doctor', { serverId: id });
    if (args.flags.has('json')) io.out(JSON.stringify(report, null, 2));
    else io.out(doctorText(report));
    return report.status === 'connected' && !report.latencyError ? EXIT.ok : EXIT.protocol;
  } finally {
    await core.close();
  }
}

export function doctorText(r: DoctorReport): string {
  const info = r.serverInfo as { name?: string; version?: string } | undefined;
  const lines = [
    `server:     ${safe(r.serverId, true)}${info?.name ? ` (${safe(String(info.name), true)} ${safe(String(info.version ?? ''), true)})` : ''}`,
    `status:     ${r.status}`,
    `transport:  ${r.transport ?? 'none'}`,
    `era:        ${r.era ?? 'unknown'}${r.protocolVersion ? ` (protocol ${r.protocolVersion})` : ''}`,
    `latency:    ${r.latency ? `${r.latency.ms} ms (${r.latency.method})` : (r.latencyError ?? 'not measured')}`,
    `auth:       ${safe(r.auth, true)}`,
    `offers:     ${r.capabilities ? Object.keys(r.capabilities).join(', ') || 'nothing' : 'unknown'}`,
  ];
  if (r.lastErrors.length) lines.push('last errors:', ...r.lastErrors.map((e) => `  ${safe(e, true)}`));
  lines.push('try:', ...r.advice.map((a) => `  - ${a}`));
  return lines.join('\n');
}

/**
 * `trace <server> [--seconds N]`: every message of the connection, both ways, as JSONL on stdout, until interrupted.
 */
export async function traceCommand(args: ParsedArgs, io: Io): Promise<number> {
  const server = args.positional[1];
  if (!server) throw new UsageError('name the server');
  const seconds = str(args, 'seconds');
  const limit = seconds === undefined ? undefined : Number(seconds);
  if (limit !== undefined && !(limit >= 0))
    throw new UsageError(`--seconds must be a number, not ${JSON.stringify(seconds)}`);
  // A reader that stops reading (trace | head) ends the trace, quietly.
  let closed: () => void = () => {};
  let broken = false;
  process.stdout.on('error', () => {
    broken = true;
    closed();
  });
  // Subscribed before connecting: the probe and the handshake are in the stream too.
  const opened = await openServer(
    args,
    io,
    server,
    // Through a running console the trace is of all its servers: only this one's is shown.
    (core) => core.followTrace((e) => broken || e.serverId !== server || io.out(JSON.stringify(e))),
  );
  if (typeof opened === 'number') return opened;
  const { core } = opened;
  try {
    await new Promise<void>((done) => {
      const stop = () => done();
      closed = stop;
      if (broken) return stop();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      if (limit !== undefined) setTimeout(stop, limit * 1000);
    });
    return EXIT.ok;
  } finally {
    await core.close();
  }
}
