/**
 * `npm run conformance`: installs the official MCP conformance suite (pinned, with the Node 22 it
 * needs, from npm into .conformance/), runs every client scenario it lists for each spec version
 * against `mcp-console` (through ./client.ts), and prints one line per scenario and version:
 * `PASS <version> <scenario>`, `FAIL <version> <scenario> <reason>`, `SKIP <version> <scenario> <why>`,
 * then `N passed, M failed`. Exits 1 when anything failed.
 *
 *   --server-url URL   also run the server scenarios against a running server (default: none)
 *   --only NAME        run the scenarios whose name contains NAME
 */
import { execFileSync, spawnSync } from 'node:child_process';
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
function skipReason(scenario: string): string | undefined {
  if (scenario.startsWith('auth/')) return 'not implemented (authorization arrives with OAuth)';
  return undefined;
}

export interface Suite {
  node: string;
  cli: string;
}

/** The pinned suite and Node 22, installed once into .conformance/. */
export function installSuite(log: (s: string) => void = () => {}): Suite {
  const pkg = { name: 'mcp-console-conformance', private: true, dependencies: { '@modelcontextprotocol/conformance': SUITE_VERSION, node: NODE_VERSION } };
  const node = join(HOME, 'node_modules', '.bin', 'node');
  const cli = join(HOME, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const manifest = join(HOME, 'package.json');
  const wanted = JSON.stringify(pkg, null, 2);
  if (!existsSync(cli) || !existsSync(node) || !existsSync(manifest) || readFileSync(manifest, 'utf8') !== wanted) {
    log(`installing @modelcontextprotocol/conformance@${SUITE_VERSION} and node@${NODE_VERSION} into .conformance/`);
    mkdirSync(HOME, { recursive: true });
    writeFileSync(manifest, wanted);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel', 'error'], { cwd: HOME, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return { node, cli };
}

/** The scenarios the suite itself lists for one role and spec version. */
export function listScenarios(suite: Suite, role: 'client' | 'server', version: string): string[] {
  const out = execFileSync(suite.node, [suite.cli, 'list', `--${role}`, '--spec-version', version], { encoding: 'utf8' });
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
export function runScenario(suite: Suite, role: 'client' | 'server', scenario: string, version: string, target: string): Outcome {
  const out = mkdtempSync(join(tmpdir(), 'conformance-'));
  try {
    const how = role === 'client' ? ['--command', `${process.execPath} ${target}`] : ['--url', target];
    const r = spawnSync(suite.node, [suite.cli, role, ...how, '--scenario', scenario, '--spec-version', version, '-o', out], {
      encoding: 'utf8',
      timeout: 180_000,
    });
    const checks = readdirSync(out, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('checks.json'))
      .flatMap((f) => JSON.parse(readFileSync(join(out, f), 'utf8')) as Check[]);
    const failed = checks.filter((c) => c.status === 'FAILURE');
    if (failed.length > 0) return { status: 'FAIL', reason: failed.map((c) => `${c.name}: ${c.errorMessage ?? c.id}`).join('; ') };
    if (r.status !== 0) return { status: 'FAIL', reason: `suite exited ${r.status ?? r.signal}: ${lastLine(r.stderr || r.stdout)}` };
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

function main(): number {
  const argv = process.argv.slice(2);
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const only = flag('--only');
  const serverUrl = flag('--server-url');
  if (!existsSync(CLIENT)) {
    process.stderr.write(`${CLIENT} is missing: run npm run build:node first\n`);
    return 2;
  }
  const suite = installSuite((s) => process.stderr.write(s + '\n'));
  let passed = 0;
  let failed = 0;
  const roles: Array<['client' | 'server', string]> = [['client', CLIENT]];
  if (serverUrl) roles.push(['server', serverUrl]);
  for (const [role, target] of roles) {
    for (const version of SPEC_VERSIONS) {
      for (const scenario of listScenarios(suite, role, version)) {
        if (only && !scenario.includes(only)) continue;
        const label = role === 'server' ? `server ${scenario}` : scenario;
        const skip = role === 'client' ? skipReason(scenario) : undefined;
        if (skip) {
          process.stdout.write(`SKIP ${version} ${label} ${skip}\n`);
          continue;
        }
        const o = runScenario(suite, role, scenario, version, target);
        if (o.status === 'PASS') passed++;
        else failed++;
        process.stdout.write(`${o.status} ${version} ${label}${o.reason ? ' ' + o.reason.replace(/\s+/g, ' ') : ''}\n`);
      }
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
