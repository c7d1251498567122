/**
 * The floor of the serving process's memory (rss-bench.ts): the bare SDK client connected to the
 * fixture server with the given number of tools, every page listed and the tools held. Prints
 * "held" once it has them, then waits to be ended.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [server, tools] = process.argv.slice(2);
if (!server || !tools) throw new Error('usage: bare-hold SERVER.js TOOLS');
const client = new Client({ name: 'bare-hold', version: '1' }, { capabilities: {}, listMaxPages: 0 });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [server],
    env: { FIXTURE_TOOLS: tools },
    stderr: 'ignore',
  }),
);
const held = (await client.listTools()).tools;
process.stdout.write(`held ${held.length}\n`);
setInterval(() => held.length, 60_000);
