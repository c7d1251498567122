import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

/**
 * An agent that sends what an MCP host sends over Streamable HTTP (a 2025-11-25 session: initialize,
 * notifications/initialized, then tools/call POSTs with the session and version headers, on
 * keep-alive connections) and reads the answer, JSON or an event stream — without the SDK client's
 * own work per call. The throughput figure uses it as a load generator uses a lean client (wrk,
 * autocannon): on two cores shared by the agents, the console and the upstream server, what is
 * measured is then the console, not the client. The SDK client's figure is printed beside it.
 */
export class LeanAgent {
  private readonly http = new Agent({ keepAlive: true, maxSockets: 16 });
  private readonly url: URL;
  private session?: string;
  private next = 0;

  constructor(
    url: string,
    private readonly token: string,
  ) {
    this.url = new URL(url);
  }

  async connect(): Promise<void> {
    const init = await this.post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'bench-lean-agent', version: '1' },
      },
    });
    if (!init || !this.session) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
    await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** A tools/call; throws unless the answer is a result for this id that is not a tool error. */
  async callTool(name: string, args: Record<string, unknown>): Promise<void> {
    const id = ++this.next;
    const r = (await this.post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })) as {
      id?: number;
      result?: { isError?: boolean };
    } | null;
    if (r?.id !== id || !r.result || r.result.isError)
      throw new Error(`a lean agent's call failed: ${JSON.stringify(r)}`);
  }

  close(): void {
    this.http.destroy();
  }

  private post(body: unknown): Promise<unknown> {
    const data = JSON.stringify(body);
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(data),
    };
    if (this.session) Object.assign(headers, { 'mcp-session-id': this.session, 'mcp-protocol-version': '2025-11-25' });
    return new Promise((done, fail) => {
      const req = request(
        {
          agent: this.http,
          host: this.url.hostname,
          port: this.url.port,
          path: this.url.pathname,
          method: 'POST',
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const sid = res.headers['mcp-session-id'];
            if (typeof sid === 'string') this.session ??= sid;
            if (res.statusCode === 202) return done(null);
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              // An event stream's answer is its last event.
              done(
                JSON.parse(
                  res.headers['content-type']?.startsWith('text/event-stream')
                    ? text.slice(text.lastIndexOf('data: ') + 6)
                    : text,
                ),
              );
            } catch {
              fail(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`));
            }
          });
        },
      );
      req.on('error', fail);
      req.end(data);
    });
  }
}

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system) a process has used, in ms; null where /proc is not there to read. */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

/** The children of a process that run `match` (the console's upstream server). */
export function childrenRunning(pid: number, match: string): number[] {
  try {
    const kids = readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
    return kids.filter((k) => readFileSync(`/proc/${k}/cmdline`, 'utf8').includes(match));
  } catch {
    return [];
  }
}
