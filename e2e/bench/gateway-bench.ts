/**
 * The approval gateway's figures: what an agent pays for going through MCP Console (session-granted
 * calls, every approval fsynced before its call goes out) over calling the same upstream server
 * with the bare SDK, and how many calls a second 10 concurrent agents get through.
 * The console is a real `mcp-console serve` process; the person approves on its WebSocket.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { connect } from 'node:net';
import { haltPolling, wakeCost } from './wake-bench.js';
import { readAddress } from '../../electron/hosts/gateway/local-channel.js';
import { startGateway } from '../../electron/hosts/gateway/start-gateway.js';
import { LeanAgent } from './lean-agent.js';
import { firstAnswerBench } from './first-answer.js';
import { withPolicy, withShipping } from './gateway-team-bench.js';
import { addAgent, AGENTS, BIN, FIXTURE, httpAgent, ms, person, q, serve, throughput } from './gateway-harness.js';
import { partsOf, TestCore } from '../../electron/core/testing.js';

const CALLS = Number(process.env.BENCH_GATEWAY_CALLS ?? 1000);
const WARMUP = 100;

/**
 * Sequential calls on every path in turn (one call each, round after round), so that the machine's
 * drift over the minutes of a run falls on every path alike: the paths are compared within a run.
 */
async function timedInTurn(paths: Path[]): Promise<number[][]> {
  const out = paths.map(() => [] as number[]);
  for (let i = 0; i < WARMUP + CALLS; i++) {
    for (const [k, p] of paths.entries()) {
      const t = await timedCall(p, i);
      if (i >= WARMUP) out[k]!.push(t);
    }
  }
  return out;
}

type Path = { client: Client; tool: string };

/** One echo call on a path, in milliseconds. */
async function timedCall(p: Path, i: number): Promise<number> {
  const t0 = performance.now();
  const r = await p.client.callTool({ name: p.tool, arguments: { message: 'x', i } });
  if (r.isError) throw new Error(`a benchmark call failed: ${JSON.stringify(r.content)}`);
  return performance.now() - t0;
}

/**
 * The same calls back to back: each path gets BLOCKS runs of CALLS/BLOCKS calls in a row, the paths
 * alternating, so its processes stay awake between its calls. Set beside the paths in turn, it shows
 * what waking an idle process costs here (each process the call crosses is woken twice).
 */
async function timedInBlocks(paths: Path[], blocks = 10): Promise<number[][]> {
  const out = paths.map(() => [] as number[]);
  for (let b = 0; b < blocks; b++)
    for (const [k, p] of paths.entries())
      for (let i = 0; i < WARMUP / blocks + CALLS / blocks; i++) {
        const t = await timedCall(p, i);
        if (i >= WARMUP / blocks) out[k]!.push(t);
      }
  return out;
}

/**
 * A client straight on the console's agent socket, as the bridge's far end: what the console side costs without the
 * bridge process.
 */
class SocketTransport implements Transport {
  onmessage?: (m: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (e: Error) => void;
  private sock?: ReturnType<typeof connect>;
  constructor(
    private readonly path: string,
    private readonly agent: string,
  ) {}
  start(): Promise<void> {
    return new Promise((done, fail) => {
      const s = connect(this.path);
      this.sock = s;
      let buf = '';
      let hello = false;
      s.on('error', (e) => (hello ? this.onerror?.(e) : fail(e)));
      s.on('close', () => this.onclose?.());
      s.on('data', (c: Buffer) => {
        buf += c.toString('utf8');
        for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          if (!hello) {
            hello = true;
            if (!(JSON.parse(line) as { ok: boolean }).ok) return fail(new Error(line));
            done();
          } else this.onmessage?.(JSON.parse(line) as JSONRPCMessage);
        }
      });
      s.write(JSON.stringify({ agent: this.agent }) + '\n');
    });
  }
  async send(m: JSONRPCMessage): Promise<void> {
    this.sock!.write(JSON.stringify(m) + '\n');
  }
  async close(): Promise<void> {
    this.sock?.end();
  }
}

/**
 * The same socket path with the console in this process: what the console's own work costs, without
 * the scheduling of four processes (client, bridge, console, server) on this machine's two cores.
 */
async function inProcess(): Promise<number[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-gateway-inproc-'));
  const core = new TestCore({ dataDir, auditFsync: true, consent: null });
  core.start();
  core.loadConfig(
    JSON.stringify({
      mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: '50' } } },
    }),
  );
  await core.connect('fx');
  partsOf(core).agents.add('a', ['fx']);
  const gw = await startGateway(core, dataDir);
  const off = core.onEvent((name, p) => {
    const a = p as { id: string; argsHash: string };
    if (name === 'approval.requested')
      core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'session' }, 'user');
  });
  try {
    const c = new Client({ name: 'bench-inproc', version: '1' });
    await c.connect(new SocketTransport(gw.socket, 'a'));
    const [t] = await timedInTurn([{ client: c, tool: 'fx.echo' }]);
    await c.close();
    return t!;
  } finally {
    off();
    await gw.close();
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function gatewayBench(): Promise<void> {
  const inproc = await inProcess(); // first, while nothing else runs
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-gateway-bench-'));
  const dataDir = join(dir, 'data');
  const config = join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: '50' } } },
    }),
  );
  const tokens = Array.from({ length: AGENTS + 2 }, (_, i) => addAgent(dataDir, `agent-${i}`));
  const s = await serve(dataDir, config);
  const stopPerson = await person(s.page);
  try {
    const bare = new Client({ name: 'bench', version: '1' });
    await bare.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [FIXTURE],
        env: { FIXTURE_TOOLS: '50' },
        stderr: 'ignore',
      }),
    );
    const bridge = new Client({ name: 'bench-host', version: '1' });
    await bridge.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'bridge', '--agent', 'agent-0', '--data-dir', dataDir],
        stderr: 'ignore',
      }),
    );
    const sock = new Client({ name: 'bench-socket', version: '1' });
    await sock.connect(new SocketTransport(readAddress(dataDir)!.socket, 'agent-0'));
    const legacy = await httpAgent(s.agents, tokens[1]!, 'legacy');
    const modern = await httpAgent(s.agents, tokens[AGENTS + 1]!, 'modern');
    const clients = [bare, bridge, sock, legacy, modern];
    const [direct, viaBridge, viaSocket, viaLegacy, viaModern] = await timedInTurn(
      clients.map((client, k) => ({ client, tool: k === 0 ? 'echo' : 'fx.echo' })),
    );
    const [warmDirect, warmBridge, warmSocket] = await timedInBlocks([
      { client: bare, tool: 'echo' },
      { client: bridge, tool: 'fx.echo' },
      { client: sock, tool: 'fx.echo' },
    ]);
    await Promise.all(clients.map((c) => c.close()));

    const b = q(direct!, 0.5);
    const row = (label: string, xs: number[] | undefined, note = '') =>
      console.log(
        `  ${label.padEnd(44)} p50 ${ms(q(xs!, 0.5))}  p99 ${ms(q(xs!, 0.99))}  added ${ms(q(xs!, 0.5) - b)}${note}`,
      );
    console.log(
      `approval gateway: ${CALLS} sequential echo calls per path (after ${WARMUP}), the paths in turn, session-granted, every approval fsynced before its call:`,
    );
    console.log(
      `  ${'bare SDK client, straight to the server (stdio)'.padEnd(44)} p50 ${ms(b)}  p99 ${ms(q(direct!, 0.99))}`,
    );
    row('agent through mcp-console bridge (stdio)', viaBridge, ' (goal < 1 ms)');
    row("client on the console's socket (no bridge)", viaSocket, ': the console side alone');
    row('the same, console in this process', inproc, ': its own work, fsync included');
    row('agent over the HTTP endpoint, 2025 session', viaLegacy, ' (includes a loopback HTTP hop)');
    row('agent over the HTTP endpoint, 2026-07-28', viaModern, ' (includes a loopback HTTP hop)');
    await firstAnswerBench({ command: [process.execPath, FIXTURE], env: { FIXTURE_TOOLS: '50' } }, [
      process.execPath,
      BIN,
      'bridge',
      '--agent',
      'agent-0',
      '--data-dir',
      dataDir,
    ]);
    const wake = await wakeCost();
    const halt = haltPolling();
    const wb = q(warmDirect!, 0.5);
    console.log(
      `  the same ${CALLS} calls back to back (each path's processes awake; 10 runs of ${CALLS / 10} each, the paths alternating): bare p50 ${ms(wb)}, ` +
        `bridge ${ms(q(warmBridge!, 0.5))} (added ${ms(q(warmBridge!, 0.5) - wb)}), socket ${ms(q(warmSocket!, 0.5))} (added ${ms(q(warmSocket!, 0.5) - wb)})`,
    );
    console.log(
      `  this machine, nothing of ours: a ping through one more (relay) process adds ${ms(wake.awake)} back to back, ${ms(wake.idle)} with 5 ms idle between pings` +
        (halt ? ` (${halt})` : ''),
    );

    // Throughput: 10 agents at once, each with IN_FLIGHT calls in flight, for SECONDS: first SDK
    // clients (what hosts run), then lean ones (the console's own capacity; see LeanAgent). The CPU
    // each process spent per call says where the two cores went.
    const sdk = await Promise.all(tokens.slice(2, 2 + AGENTS).map((t) => httpAgent(s.agents, t, 'legacy')));
    await throughput(
      'SDK clients',
      sdk.map((c) => async () => {
        const r = await c.callTool({ name: 'fx.echo', arguments: { message: 'load' } });
        if (r.isError) throw new Error('a throughput call failed');
      }),
      s.child.pid!,
    );
    await Promise.all(sdk.map((c) => c.close()));
    const lean = tokens.slice(2, 2 + AGENTS).map((t) => new LeanAgent(s.agents, t));
    await Promise.all(lean.map((a) => a.connect()));
    await throughput(
      'lean clients',
      lean.map((a) => () => a.callTool('fx.echo', { message: 'load' })),
      s.child.pid!,
      ' (goal >= 1,000)',
    );
    for (const a of lean) a.close();
  } finally {
    stopPerson();
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
  await withPolicy();
  await withShipping();
}

// `node out/node/e2e/bench/gateway-bench.js` runs these figures alone.
if (process.argv[1] && resolve(process.argv[1]).endsWith('gateway-bench.js')) await gatewayBench();
