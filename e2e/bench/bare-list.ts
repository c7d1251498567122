/**
 * The bare SDK listing the fixture server, as a process of its own (scale-bench.ts): spawn to every
 * tool listed (and the CPU each side used for it), then the same list walked again `RELISTS`
 * times. Prints one line of JSON.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { cpuMs } from './process-cpu.js';

const [server, tools, pageSize, relists] = process.argv.slice(2);
if (!server || !tools) throw new Error('usage: bare-list SERVER.js TOOLS [PAGE_SIZE] [RELISTS]');
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const client = new Client({ name: 'bare-list', version: '1' }, { capabilities: {}, listMaxPages: 0 });
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [server],
  env: { FIXTURE_TOOLS: tools, FIXTURE_PAGE_SIZE: pageSize ?? '1000' },
  stderr: 'ignore',
});
await client.connect(transport);
const initialized = performance.now() - t0;
const listedCount = (await client.listTools()).tools.length;
const listed = performance.now() - t0;
// CPU from spawn to every tool listed: this client's (its loop and every thread), and the server's whole.
const used = process.cpuUsage(cpu0);
const cpu = { client: (used.user + used.system) / 1000, server: transport.pid ? cpuMs(transport.pid) : NaN };
const again: number[] = [];
for (let i = 0; i < Number(relists ?? 3); i++) {
  const t = performance.now();
  await client.listTools();
  again.push(performance.now() - t);
}
await client.close();
process.stdout.write(`${JSON.stringify({ initialized, listed, relist: again, count: listedCount, cpu })}\n`);
