/**
 * An agent host starting its server: from spawning the process to the answer of its first request
 * (initialize), through `mcp-console bridge` against spawning the server itself (issue "Performance,
 * round three": the bridge answers within 1.2x of a direct connection). Fresh processes each time,
 * the two alternating.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const RUNS = Number(process.env.BENCH_FIRST_ANSWER_RUNS ?? 7);

async function firstAnswer(command: string[], env: Record<string, string> = {}): Promise<number> {
  const c = new Client({ name: 'bench-host', version: '1' });
  const t0 = performance.now();
  await c.connect(
    new StdioClientTransport({
      command: command[0]!,
      args: command.slice(1),
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: 'ignore',
    }),
  );
  const ms = performance.now() - t0;
  await c.close();
  return ms;
}

/**
 * Prints the medians and their ratio; `bridge` is the command line that starts the bridge for an agent of the running
 * console.
 */
export async function firstAnswerBench(
  direct: { command: string[]; env: Record<string, string> },
  bridge: string[],
): Promise<void> {
  const d: number[] = [];
  const b: number[] = [];
  await firstAnswer(bridge); // the file system's cache warmed for both
  await firstAnswer(direct.command, direct.env);
  for (let i = 0; i < RUNS; i++) {
    d.push(await firstAnswer(direct.command, direct.env));
    b.push(await firstAnswer(bridge));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  console.log(
    `  an agent host starting its server, spawn to the first answer (median of ${RUNS}): the server itself ${median(d).toFixed(0)} ms, ` +
      `through mcp-console bridge ${median(b).toFixed(0)} ms, ratio ${(median(b) / median(d)).toFixed(2)}x (goal: within 1.2x)`,
  );
}
