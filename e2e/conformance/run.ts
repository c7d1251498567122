/**
 * `npm run conformance`: installs the official MCP conformance suite (pinned, with the Node 22 it
 * needs, from npm into .conformance/), runs every client scenario it lists for each spec version
 * against `mcp-console` (through ./client.ts), and prints one line per scenario and version:
 * `PASS <version> <scenario>`, `FAIL <version> <scenario> <reason>`, `SKIP <version> <scenario> <why>`,
 * then `N passed, M failed`. Exits 1 when anything failed.
 *
 * Then it runs the server scenarios against our own fixtures (e2e/fixtures/server.ts for 2025-11-25,
 * modern-server.ts for 2026-07-28): the protocol-level ones must pass (FIXTURE_SCENARIOS). Last, a recording of
 * each fixture served by `mcp-console mock` must pass the scenarios that need only recorded answers (MOCK_SCENARIOS).
 *
 *   --only NAME        run the scenarios whose name contains NAME
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUITE_VERSION = '0.2.0-alpha.12';
const NODE_VERSION = '22.23.3';
export const SPEC_VERSIONS = ['2025-11-25', '2026-07-28'] as const;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const HOME = join(ROOT, '.conformance');
const CLIENT = join(ROOT, 'out', 'node', 'e2e', 'conformance', 'client.js');

/** Why a client scenario is not run yet; every other one must pass. */
function skipReason(_scenario: string): string | undefined {
  return undefined;
}

/**
 * Client scenarios outside the two current versions that the console also runs: the 2025-03-26
 * authorization fallbacks (older servers keep working) and the client-credentials extension (CI).
 */
const MORE_CLIENT_SCENARIOS: Array<[version: string, scenario: string]> = [
  ['2025-03-26', 'auth/2025-03-26-oauth-metadata-backcompat'],
  ['2025-03-26', 'auth/2025-03-26-oauth-endpoint-fallback'],
  ['extension', 'auth/client-credentials-basic'],
  ['extension', 'auth/client-credentials-jwt'],
];

export interface Suite {
  node: string;
  cli: string;
}

/** The pinned suite and Node 22, installed once into .conformance/. */
export function installSuite(log: (s: string) => void = () => {}): Suite {
  const pkg = {
    name: 'mcp-console-conformance',
    private: true,
    dependencies: { '@modelcontextprotocol/conformance': SUITE_VERSION, node: NODE_VERSION },
  };
  const node = join(HOME, 'node_modules', '.bin', 'node');
  const cli = join(HOME, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const manifest = join(HOME, 'package.json');
  const wanted = JSON.stringify(pkg, null, 2);
  if (!existsSync(cli) || !existsSync(node) || !existsSync(manifest) || readFileSync(manifest, 'utf8') !== wanted) {
    log(`installing @modelcontextprotocol/conformance@${SUITE_VERSION} and node@${NODE_VERSION} into .conformance/`);
    mkdirSync(HOME, { recursive: true });
    writeFileSync(manifest, wanted);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel', 'error'], {
      cwd: HOME,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return { node, cli };
}

/** The scenarios the suite itself lists for one role and spec version. */
export function listScenarios(suite: Suite, role: 'client' | 'server', version: string): string[] {
  const out = execFileSync(suite.node, [suite.cli, 'list', `--${role}`, '--spec-version', version], {
    encoding: 'utf8',
  });
  return [...out.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1] ?? '').filter(Boolean);
}

interface Check {
  id: string;
  name: string;
  status: string;
  errorMessage?: string;
}

export interface Outcome {
  status: 'PASS' | 'FAIL';
  reason?: string;
}

/** Runs one scenario; passes when the suite exits 0 and no check failed. */
export function runScenario(
  suite: Suite,
  role: 'client' | 'server',
  scenario: string,
  version: string,
  target: string,
): Outcome {
  const out = mkdtempSync(join(tmpdir(), 'conformance-'));
  try {
    const how = role === 'client' ? ['--command', `${process.execPath} ${target}`] : ['--url', target];
    const versionFlag = version === 'extension' ? [] : ['--spec-version', version];
    const r = spawnSync(suite.node, [suite.cli, role, ...how, '--scenario', scenario, ...versionFlag, '-o', out], {
      encoding: 'utf8',
      timeout: 180_000,
    });
    const checks = readdirSync(out, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('checks.json'))
      .flatMap((f) => JSON.parse(readFileSync(join(out, f), 'utf8')) as Check[]);
    const failed = checks.filter((c) => c.status === 'FAILURE');
    if (failed.length > 0)
      return { status: 'FAIL', reason: failed.map((c) => `${c.name}: ${c.errorMessage ?? c.id}`).join('; ') };
    if (r.status !== 0)
      return { status: 'FAIL', reason: `suite exited ${r.status ?? r.signal}: ${lastLine(r.stderr || r.stdout)}` };
    if (checks.length === 0) return { status: 'FAIL', reason: 'the suite recorded no checks' };
    return { status: 'PASS' };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function lastLine(s: string): string {
  return (
    s
      .trim()
      .split('\n')
      .filter((l) => l.trim())
      .pop() ?? ''
  ).slice(0, 300);
}

/**
 * The server scenarios our fixtures must pass, per spec version: the protocol itself (lifecycle,
 * sessions, streams, headers, Host/Origin checks, multi round-trip rules). The suite's other server
 * scenarios call its reference server's own tools, prompts and resources (test_simple_text,
 * json_schema_2020_12_tool, slow_compute…), which a fixture built to test the console does not carry.
 */
export const FIXTURE_SCENARIOS: Record<(typeof SPEC_VERSIONS)[number], { fixture: string; scenarios: string[] }> = {
  '2025-11-25': {
    fixture: 'server.js',
    scenarios: [
      'server-initialize',
      'server-session-lifecycle',
      'ping',
      'logging-set-level',
      'tools-list',
      'resources-list',
      'server-sse-multiple-streams',
      'server-sse-polling',
      'dns-rebinding-protection',
    ],
  },
  '2026-07-28': {
    fixture: 'modern-server.js',
    scenarios: [
      'tools-list',
      'server-sse-multiple-streams',
      'dns-rebinding-protection',
      'http-header-validation',
      'http-custom-header-server-validation',
      'sep-2164-resource-not-found',
      'input-required-result-missing-input-response',
      'input-required-result-unsupported-methods',
      'input-required-result-ignore-extra-params',
      'input-required-result-validate-input',
    ],
  },
};

/**
 * The server scenarios `mcp-console mock` must pass, per spec version, answering from a recording of our fixture (the
 * console's `tools`, `resources list` and `ping`, each recorded): those that need only recorded answers, and the
 * mock's own Host and Origin check.
 */
export const MOCK_SCENARIOS: Record<(typeof SPEC_VERSIONS)[number], { era: string; scenarios: string[] }> = {
  '2025-11-25': {
    era: 'legacy',
    scenarios: ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'],
  },
  '2026-07-28': { era: 'modern', scenarios: ['tools-list', 'resources-list', 'dns-rebinding-protection'] },
};

/** Records the fixture at `url` with three commands of the console, in `era`; the recordings' paths. */
function recordFixture(url: string, era: string, dir: string): string[] {
  const config = join(dir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { fx: { type: 'http', url } } }));
  return [['tools'], ['resources', 'list'], ['ping']].map((command) => {
    const file = join(dir, `${command.join('-')}.jsonl`);
    const args = [
      ...command,
      'fx',
      '--config',
      config,
      '--era',
      era,
      '--data-dir',
      join(dir, 'data'),
      '--record',
      file,
    ];
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'mcp-console.js'), ...args], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (r.status !== 0) throw new Error(`recording ${command.join(' ')} failed: ${lastLine(r.stderr)}`);
    return file;
  });
}

/** `mcp-console mock FILES --http 0`; resolves with its URL and a stop function. */
function startMock(files: string[]): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'mcp-console.js'), 'mock', ...files, '--http', '0'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /mock listening at (\S+)/.exec(out);
      if (m) resolveUrl({ url: m[1]!, stop: () => child.kill() });
    });
    child.once('exit', (code) => reject(new Error(`mcp-console mock exited (${code}) before listening`)));
  });
}

/** Starts one of our fixtures over HTTP; resolves with its /mcp URL and a stop function. */
function startFixture(file: string): Promise<{ url: string; stop(): void }> {
  const args = file === 'server.js' ? ['--transport', 'http', '--port', '0'] : ['--port', '0'];
  const child = spawn(process.execPath, [join(ROOT, 'out', 'node', 'e2e', 'fixtures', file), ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolveUrl({ url: `${m[1]}/mcp`, stop: () => child.kill() });
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before listening`)));
  });
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  if (!existsSync(CLIENT)) {
    process.stderr.write(`${CLIENT} is missing: run npm run build:node first\n`);
    return 2;
  }
  const suite = installSuite((s) => process.stderr.write(s + '\n'));
  let passed = 0;
  let failed = 0;
  const report = (status: string, version: string, label: string, reason?: string) => {
    if (status === 'PASS') passed++;
    if (status === 'FAIL') failed++;
    process.stdout.write(`${status} ${version} ${label}${reason ? ' ' + reason.replace(/\s+/g, ' ') : ''}\n`);
  };
  // The console as the client under test.
  const clientRuns: Array<[string, string]> = SPEC_VERSIONS.flatMap((v) =>
    listScenarios(suite, 'client', v).map((s): [string, string] => [v, s]),
  );
  for (const [version, scenario] of [...clientRuns, ...MORE_CLIENT_SCENARIOS]) {
    {
      if (only && !scenario.includes(only)) continue;
      const skip = skipReason(scenario);
      if (skip) report('SKIP', version, scenario, skip);
      else {
        const o = runScenario(suite, 'client', scenario, version, CLIENT);
        report(o.status, version, scenario, o.reason);
      }
    }
  }
  // Our fixtures as the server under test.
  for (const version of SPEC_VERSIONS) {
    const { fixture, scenarios } = FIXTURE_SCENARIOS[version];
    const wanted = new Set(scenarios);
    const listed = listScenarios(suite, 'server', version).filter((s) => !only || s.includes(only));
    if (listed.length === 0) continue;
    const server = await startFixture(fixture);
    try {
      for (const scenario of listed) {
        const label = `server/${scenario}`;
        if (!wanted.has(scenario)) {
          report(
            'SKIP',
            version,
            label,
            `calls the suite's reference tools, prompts or resources, which e2e/fixtures/${fixture.replace('.js', '.ts')} does not carry`,
          );
          continue;
        }
        const o = runScenario(suite, 'server', scenario, version, server.url);
        report(o.status, version, label, o.reason);
      }
    } finally {
      server.stop();
    }
  }
  // A recording of our fixtures, served by `mcp-console mock`, as the server under test.
  for (const version of SPEC_VERSIONS) {
    const { era, scenarios } = MOCK_SCENARIOS[version];
    const wanted = scenarios.filter((s) => !only || s.includes(only));
    if (wanted.length === 0) continue;
    const dir = mkdtempSync(join(tmpdir(), 'conformance-mock-'));
    const fixture = await startFixture(FIXTURE_SCENARIOS[version].fixture);
    let files: string[];
    try {
      files = recordFixture(fixture.url, era, dir);
    } finally {
      fixture.stop();
    }
    const mock = await startMock(files);
    try {
      for (const scenario of wanted) {
        const o = runScenario(suite, 'server', scenario, version, mock.url);
        report(o.status, version, `mock/${scenario}`, o.reason);
      }
    } finally {
      mock.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().then(
    (code) => (process.exitCode = code),
    (e: Error) => {
      process.stderr.write(`conformance: ${e.message}\n`);
      process.exitCode = 2;
    },
  );
