/**
 * The bare SDK client as a one-shot command, for `npm run bench`'s CLI figures: started as a process
 * of its own, it lists the tools of the server given (`tools`) or calls its echo tool (`call`),
 * prints the answer and exits once the server is closed, as `mcp-console tools` and `call` do.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [mode, server] = process.argv.slice(2);
if (!server || (mode !== 'tools' && mode !== 'call')) throw new Error('usage: bare-cli tools|call SERVER.js');
const client = new Client({ name: 'bare-cli', version: '1' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], stderr: 'ignore' }));
if (mode === 'tools') for (const t of (await client.listTools()).tools) console.log(t.name);
else console.log(JSON.stringify((await client.callTool({ name: 'echo', arguments: { message: 'hello' } })).content));
await client.close();
