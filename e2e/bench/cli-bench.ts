/**
 * The command line beside the bare SDK, for `npm run bench` (issue "Performance, round three"): a
 * one-shot `tools` and `call` against server-everything, each a whole process from start to exit
 * (the server started and shut down inside it), the two alternating run by run. Goal: within 1.2x.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const BARE = resolve('out/node/e2e/bench/bare-cli.js');
const BIN = resolve('bin/mcp-console.js');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 10);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** One whole process, start to exit; it must succeed and print `expect`. */
function timed(args: string[], expect: RegExp): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000 });
  const ms = performance.now() - t0;
  if (r.status !== 0 || !expect.test(r.stdout))
    throw new Error(`${args.slice(0, 3).join(' ')} failed (exit ${r.status}): ${r.stderr.slice(0, 400)}`);
  return ms;
}

export function cliBench(): { tools: number; call: number } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-cli-bench-'));
  const config = join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING] } } }),
  );
  const ours = (cmd: string[]) => [BIN, ...cmd, '--config', config, '--data-dir', join(dir, 'data')];
  const t = { bareTools: [] as number[], ourTools: [] as number[], bareCall: [] as number[], ourCall: [] as number[] };
  try {
    // A first run of each fills the file system's cache; then the four alternate.
    timed([BARE, 'tools', EVERYTHING], /echo/);
    timed(ours(['tools', 'everything']), /echo/);
    for (let i = 0; i < RUNS; i++) {
      t.bareTools.push(timed([BARE, 'tools', EVERYTHING], /echo/));
      t.ourTools.push(timed(ours(['tools', 'everything']), /echo/));
      t.bareCall.push(timed([BARE, 'call', EVERYTHING], /Echo: hello/));
      t.ourCall.push(
        timed(ours(['call', 'everything', 'echo', '--args', '{"message":"hello"}', '--yes']), /Echo: hello/),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const row = (label: string, bare: number[], ours: number[]) => {
    const ratio = median(ours) / median(bare);
    console.log(
      `  ${label.padEnd(42)} bare SDK ${median(bare).toFixed(0)} ms   mcp-console ${median(ours).toFixed(0)} ms   ratio ${ratio.toFixed(2)}x`,
    );
    return ratio;
  };
  console.log(
    `the command line, start to exit, against server-everything over stdio (median of ${RUNS}, the runs alternating; goal: within 1.2x):`,
  );
  const tools = row('list the tools (`tools everything`)', t.bareTools, t.ourTools);
  const call = row('call echo, approved by --yes (`call … --yes`)', t.bareCall, t.ourCall);
  return { tools, call };
}
