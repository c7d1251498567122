/**
 * The gateway for a team: the same lean throughput as the gateway bench, with an organisation's
 * policy of 1,000 rules deciding every call, and with the audit log shipped to syslog and OTLP.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LeanAgent } from './lean-agent.js';
import { benchPolicy, decisionMicros } from './policy-bench.js';
import { addAgent, AGENTS, FIXTURE, person, serve, throughput, toolsReached } from './gateway-harness.js';

/**
 * The same lean throughput with audit shipping on to both kinds of receiver (syslog over TCP to a
 * listener that reads and drops, OTLP/HTTP to one that answers 200): what shipping every entry costs
 * the console, and whether the receivers keep up (how far behind they are when the load ends).
 */
export async function withShipping(): Promise<void> {
  const { createServer: tcpServer } = await import('node:net');
  const { createServer: httpServer } = await import('node:http');
  let syslogBytes = 0;
  let otlpRequests = 0;
  const tcp = tcpServer((s) => s.on('data', (d: Buffer) => (syslogBytes += d.length)));
  const http = httpServer((req, res) => {
    req.resume();
    req.on('end', () => (otlpRequests++, res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()));
  });
  await Promise.all([
    new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r)),
    new Promise<void>((r) => http.listen(0, '127.0.0.1', r)),
  ]);
  const port = (x: { address(): unknown }) => (x.address() as { port: number }).port;
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-gateway-ship-'));
  const dataDir = join(dir, 'data');
  const config = join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: '50' } } },
    }),
  );
  const tokens = Array.from({ length: AGENTS }, (_, i) => addAgent(dataDir, `agent-${i}`));
  const s = await serve(dataDir, config, [
    '--ship-syslog',
    `tcp://127.0.0.1:${port(tcp)}`,
    '--ship-otlp',
    `http://127.0.0.1:${port(http)}/v1/logs`,
  ]);
  const stopPerson = await person(s.page);
  try {
    await toolsReached(s.agents, tokens[0]!);
    const lean = tokens.map((t) => new LeanAgent(s.agents, t));
    await Promise.all(lean.map((a) => a.connect()));
    await throughput(
      'lean clients, audit shipped to syslog and OTLP',
      lean.map((a) => () => a.callTool('fx.echo', { message: 'load' })),
      s.child.pid!,
    );
    for (const a of lean) a.close();
    console.log(
      `    receivers during the run: syslog ${(syslogBytes / 1_048_576).toFixed(1)} MB, OTLP ${otlpRequests} requests`,
    );
  } finally {
    stopPerson();
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
    tcp.close();
    http.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same lean throughput with the organisation's policy of 1,000 rules deciding every call (no person, no grant). */
export async function withPolicy(rules = Number(process.env.BENCH_POLICY_RULES ?? 1000)): Promise<void> {
  const file = benchPolicy(rules);
  const alone = decisionMicros(file);
  console.log(
    `  a policy of ${file.rules.length} rules, the deciding one last: ${alone.p50.toFixed(1)} µs a decision in this process (decided by ${alone.verdict})`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-gateway-policy-'));
  const dataDir = join(dir, 'data');
  const config = join(dir, 'servers.json');
  const policy = join(dir, 'policy.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: '50' } } },
    }),
  );
  writeFileSync(policy, JSON.stringify(file));
  const tokens = Array.from({ length: AGENTS }, (_, i) => addAgent(dataDir, `agent-${i}`));
  const s = await serve(dataDir, config, ['--policy', policy]);
  try {
    // No person here: an agent's listing brings the server up, and the policy decides every call.
    await toolsReached(s.agents, tokens[0]!);
    const lean = tokens.map((t) => new LeanAgent(s.agents, t));
    await Promise.all(lean.map((a) => a.connect()));
    await throughput(
      `lean clients, a policy of ${rules.toLocaleString('en')} rules deciding`,
      lean.map((a) => () => a.callTool('fx.echo', { message: 'load' })),
      s.child.pid!,
    );
    for (const a of lean) a.close();
  } finally {
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}
