/**
 * The conformance suite's client under test: `mcp-console` itself. The suite starts a scenario
 * server, runs this file with its URL as the last argument and the scenario in
 * MCP_CONFORMANCE_SCENARIO; each scenario becomes the `mcp-console` commands a person would type.
 * Nothing here speaks MCP: every message the suite sees comes from the console's core.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const BIN = join(ROOT, 'bin', 'mcp-console.js');
const SERVER = 'conformance';

interface Step {
  code: number;
  out: string;
  err: string;
}

interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * The client ID metadata document URL the suite's authorization servers accept (a host's own hosted document in real
 * use).
 */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
/** The environment variable the pre-registered client secret is read from (never in the config file). */
const SECRET_ENV = 'MCP_CONFORMANCE_CLIENT_SECRET';
/** And the private key of a private_key_jwt client. */
const KEY_ENV = 'MCP_CONFORMANCE_PRIVATE_KEY';

class Console {
  private readonly dir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  private readonly config = join(this.dir, 'servers.json');
  readonly era: 'modern' | 'legacy' | 'auto';
  private readonly env: NodeJS.ProcessEnv = { ...process.env };

  constructor(
    url: string,
    version: string | undefined,
    oauth?: Record<string, unknown>,
    secrets: Record<string, string | undefined> = {},
  ) {
    for (const [k, v] of Object.entries(secrets)) if (v) this.env[k] = v;
    writeFileSync(
      this.config,
      JSON.stringify({ mcpServers: { [SERVER]: { type: 'http', url, ...(oauth && { oauth }) } } }),
    );
    // The suite names the wire it wants; without a version the console probes (auto).
    this.era = version === undefined ? 'auto' : version >= '2026' ? 'modern' : 'legacy';
  }

  run(...args: string[]): Step {
    const full = [...args, '--config', this.config, '--data-dir', join(this.dir, 'data'), '--era', this.era];
    const r = spawnSync(process.execPath, [BIN, ...full], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    const step = { code: r.status ?? -1, out: r.stdout, err: r.stderr };
    process.stderr.write(`$ mcp-console ${args.join(' ')}\n  → exit ${step.code}\n${indent(step.err)}`);
    return step;
  }

  tools(): Array<{ name: string; inputSchema: unknown; excluded?: string }> {
    const r = this.run('tools', SERVER, '--json');
    if (r.code !== 0) throw new Error(`tools failed (exit ${r.code})`);
    return JSON.parse(r.out) as Array<{ name: string; inputSchema: unknown; excluded?: string }>;
  }

  call(name: string, args: Record<string, unknown>, ...extra: string[]): Step {
    return this.run('call', SERVER, name, '--args', JSON.stringify(args), '--yes', '--json', ...extra);
  }

  /**
   * Runs a command that may ask a person to sign in: for each `sign-in URL:` it prints, this plays
   * the person's browser (follows the authorization server's redirect back to the console's
   * loopback listener). Nothing here speaks OAuth: the console does every step.
   */
  async runSigningIn(...args: string[]): Promise<Step> {
    const full = [
      ...args,
      '--config',
      this.config,
      '--data-dir',
      join(this.dir, 'data'),
      '--era',
      this.era,
      '--no-browser',
    ];
    const child = spawn(process.execPath, [BIN, ...full], { stdio: ['ignore', 'pipe', 'pipe'], env: this.env });
    let out = '';
    let err = '';
    let seen = 0;
    const browsing: Promise<void>[] = [];
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const urls = [...err.matchAll(/^sign-in URL: (\S+)$/gm)].map((m) => m[1] ?? '');
      for (; seen < urls.length; seen++) browsing.push(browse(urls[seen] ?? ''));
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
    clearTimeout(timer);
    await Promise.allSettled(browsing);
    process.stderr.write(`$ mcp-console ${args.join(' ')}\n  → exit ${code}\n${indent(err)}`);
    return { code, out, err };
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A person's browser: opens the authorization URL, follows its redirect to the console's listener. */
async function browse(url: string): Promise<void> {
  const res = await fetch(url, { redirect: 'manual' });
  const next = res.headers.get('location');
  if (!next) throw new Error(`the authorization endpoint answered ${res.status} without a redirect`);
  await fetch(new URL(next, url), { redirect: 'manual' });
}

/** Scenarios where the console must refuse to finish (the suite then checks that it sent nothing it should not). */
const MUST_REFUSE = new Set([
  'auth/scope-retry-limit',
  'auth/resource-mismatch',
  'auth/iss-supported-missing',
  'auth/iss-wrong-issuer',
  'auth/iss-unexpected',
  'auth/iss-normalized',
  'auth/metadata-issuer-mismatch',
]);

/** An authorization scenario: list the tools, then call the first one, signing in when the server asks. */
async function authScenario(name: string, url: string, version: string | undefined): Promise<void> {
  const ctx = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
    client_id?: string;
    client_secret?: string;
    private_key_pem?: string;
    signing_algorithm?: string;
  };
  const grant = name.startsWith('auth/client-credentials') ? { grant: 'client_credentials' } : {};
  const key = ctx.private_key_pem ? { privateKeyEnv: KEY_ENV, signingAlgorithm: ctx.signing_algorithm ?? 'ES256' } : {};
  const oauth = ctx.client_id
    ? { clientId: ctx.client_id, ...(ctx.client_secret && { clientSecretEnv: SECRET_ENV }), ...key, ...grant }
    : { clientMetadataUrl: CIMD_URL };
  const c = new Console(url, version, oauth, { [SECRET_ENV]: ctx.client_secret, [KEY_ENV]: ctx.private_key_pem });
  try {
    const tools = await c.runSigningIn('tools', SERVER, '--json');
    if (MUST_REFUSE.has(name)) {
      if (tools.code === 0) {
        // The listing may pass (a server that asks only for calls); the call must then be refused.
        const listed = JSON.parse(tools.out) as Array<{ name: string }>;
        const call = await c.runSigningIn(
          'call',
          SERVER,
          listed[0]?.name ?? 'test-tool',
          '--args',
          '{}',
          '--yes',
          '--json',
        );
        if (call.code === 0) throw new Error(`${name}: the console should have refused to finish the authorization`);
      }
      return;
    }
    if (tools.code !== 0) throw new Error(`tools failed (exit ${tools.code})`);
    const [tool] = JSON.parse(tools.out) as Array<{ name: string }>;
    if (!tool) return;
    const call = await c.runSigningIn('call', SERVER, tool.name, '--args', '{}', '--yes', '--json');
    if (call.code !== 0 && call.code !== 1 && name !== 'auth/authorization-server-migration')
      throw new Error(`call ${tool.name}: exit ${call.code}`);
  } finally {
    c.close();
  }
}

function indent(s: string): string {
  return s
    .split('\n')
    .filter(Boolean)
    .map((l) => `    ${l}\n`)
    .join('');
}

function must(step: Step, what: string, codes = [0]): Step {
  if (!codes.includes(step.code)) throw new Error(`${what}: exit ${step.code}`);
  return step;
}

function contextCalls(): ToolCall[] {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  if (!raw) return [];
  const ctx = JSON.parse(raw) as { toolCalls?: ToolCall[] };
  return ctx.toolCalls ?? [];
}

const scenarios: Record<string, (c: Console) => void> = {
  // List, then call the first tool (the scenario's add tool takes a and b).
  initialize: (c) => basic(c),
  tools_call: (c) => basic(c),
  'json-schema-ref-no-deref': (c) => void c.tools(),
  'request-metadata': (c) => void c.tools(),
  // The schema the console shows must be the schema the server sent, byte for byte.
  'json-schema-2020-12-preservation': (c) => {
    const focal = c.tools().find((t) => t.name === 'json_schema_2020_12_tool');
    if (!focal) throw new Error('json_schema_2020_12_tool is not in the catalog');
    must(c.call('json_schema_echo', { schema: focal.inputSchema }), 'json_schema_echo');
  },
  // The server elicits with defaults; the person (here --elicit) accepts with nothing filled in.
  'elicitation-sep1034-client-defaults': (c) => {
    c.tools();
    must(c.call('test_client_elicitation_defaults', {}, '--elicit', '{}'), 'test_client_elicitation_defaults', [0, 1]);
  },
  'sse-retry': (c) => {
    const [tool] = c.tools();
    if (tool) must(c.call(tool.name, {}), tool.name, [0, 1]);
  },
  'sep-2322-client-request-state': (c) => {
    c.tools();
    must(c.call('test_mrtr_echo_state', {}, '--elicit', '{"confirmed":true}'), 'test_mrtr_echo_state', [0, 1]);
    must(c.call('test_mrtr_unrelated', {}), 'test_mrtr_unrelated', [0, 1]);
    must(c.call('test_mrtr_no_state', {}, '--elicit', '{"confirmed":true}'), 'test_mrtr_no_state', [0, 1]);
    must(c.call('test_mrtr_no_result_type', {}), 'test_mrtr_no_result_type', [0, 1]);
  },
  // Every method the console sends, so the suite can see each one's headers.
  'http-standard-headers': (c) => {
    for (const t of c.tools()) must(c.call(t.name, {}), t.name, [0, 1]);
    const list = must(c.run('resources', 'list', SERVER, '--json'), 'resources list');
    for (const r of (JSON.parse(list.out) as { resources: Array<{ uri: string }> }).resources)
      must(c.run('resources', 'read', SERVER, r.uri, '--json'), `read ${r.uri}`);
    const prompts = must(c.run('prompts', 'list', SERVER, '--json'), 'prompts list');
    for (const p of JSON.parse(prompts.out) as Array<{ name: string }>)
      must(c.run('prompts', 'get', SERVER, p.name, '--json'), `get ${p.name}`);
  },
  'http-custom-headers': (c) => {
    c.tools();
    for (const call of contextCalls()) must(c.call(call.name, call.arguments), call.name, [0, 1]);
  },
  // Try to call every tool the server listed, excluded ones included: the console must refuse
  // those (exit 2, nothing sent) and still call the valid one.
  'http-invalid-tool-headers': (c) => {
    const tools = c.tools();
    for (const t of tools) {
      const r = c.call(t.name, { region: 'us-west1' });
      if (t.excluded && r.code !== 2)
        throw new Error(`${t.name} is excluded (${t.excluded}) but the call ended with exit ${r.code}`);
      if (!t.excluded) must(r, t.name, [0, 1]);
    }
  },
};

function basic(c: Console): void {
  const [tool] = c.tools();
  if (tool) must(c.call(tool.name, { a: 2, b: 3 }), tool.name, [0, 1]);
}

async function main(): Promise<number> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const url = process.argv[2];
  if (scenario?.startsWith('auth/') && url) {
    try {
      await authScenario(scenario, url, process.env.MCP_CONFORMANCE_PROTOCOL_VERSION);
      return 0;
    } catch (e) {
      process.stderr.write(`error: ${(e as Error).message}\n`);
      return 1;
    }
  }
  const run = scenario ? scenarios[scenario] : undefined;
  if (!scenario || !url || !run) {
    process.stderr.write(
      `usage: MCP_CONFORMANCE_SCENARIO=<scenario> client <url>\nscenarios: ${Object.keys(scenarios).join(', ')}\n`,
    );
    return 1;
  }
  const c = new Console(url, process.env.MCP_CONFORMANCE_PROTOCOL_VERSION);
  try {
    run(c);
    return 0;
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return 1;
  } finally {
    c.close();
  }
}

process.exitCode = await main();
