import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAGS } from '../../electron/hosts/cli/main.js';
import { parseArgs } from '../../electron/hosts/cli/args.js';

/**
 * The deployment examples (assets/deploy): a systemd unit and a container file for one instance of the team service.
 * Parsed here as systemd and a container build read them, and their command lines parsed as the console parses its own:
 * a flag serve does not take, a path that is not where the build puts the console, or a health check that asks the
 * wrong thing fails here rather than on an operator's machine.
 */
const root = new URL('../../', import.meta.url).pathname;
const read = (p: string) => readFileSync(root + p, 'utf8');

/** A unit file as systemd reads it: sections of `Key=value` lines (a key may repeat), comments and blanks skipped. */
export function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[([A-Za-z]+)\]$/.exec(line);
    if (head) {
      current = new Map();
      sections.set(head[1]!, current);
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(line);
    if (!kv || !current) throw new Error(`line ${i + 1} is neither a section nor Key=value: ${line}`);
    current.set(kv[1]!, [...(current.get(kv[1]!) ?? []), kv[2]!]);
  }
  return sections;
}

/** A container file's instructions (continuation lines joined), each its keyword and the rest. */
export function parseContainerfile(text: string): { op: string; args: string }[] {
  const joined = text.replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const m = /^([A-Z]+)\s+(.*)$/.exec(l);
      if (!m) throw new Error(`not an instruction: ${l}`);
      return { op: m[1]!, args: m[2]! };
    });
}

/** A command line (node, the console's script, its command and flags) checked as the console would parse it. */
function checkServe(argv: string[]): void {
  expect(argv[0]).toMatch(/(^|\/)node$/);
  expect(argv[1]).toMatch(/(^|\/)bin\/mcp-console\.js$/);
  expect(existsSync(root + 'bin/mcp-console.js')).toBe(true);
  const args = parseArgs(argv.slice(2), FLAGS.serve);
  expect(args.positional).toEqual(['serve']);
  for (const flag of args.flags.keys()) expect(FLAGS.serve, `serve takes --${flag}`).toContain(flag);
  expect(args.flags.get('team')).toMatch(/\.json$/);
  expect(args.flags.has('data-dir')).toBe(true);
}

describe('the deployment examples', () => {
  it('a systemd unit that runs one instance as its own user, restarts it, and stops it with SIGTERM', () => {
    const unit = parseUnit(read('assets/deploy/mcp-console-team@.service'));
    expect([...unit.keys()]).toEqual(['Unit', 'Service', 'Install']);
    const service = unit.get('Service')!;
    const one = (k: string) => service.get(k)?.[0];
    expect(one('User')).toBeDefined();
    expect(one('User')).not.toBe('root');
    expect(one('Restart')).toBe('on-failure');
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(service.get('Environment')!.some((e) => e.startsWith('MCP_CONSOLE_INSTANCE=%H-%i'))).toBe(true);
    checkServe(one('ExecStart')!.split(/\s+/));
    expect(unit.get('Install')!.get('WantedBy')).toEqual(['multi-user.target']);
  });

  it('a container file whose last stage runs as a user, serves, and checks /healthz on the port it exposes', () => {
    const steps = parseContainerfile(read('assets/deploy/Containerfile'));
    const last = steps.slice(steps.map((s) => s.op).lastIndexOf('FROM'));
    expect(last[0]!.args).toMatch(/^node:20[-\w.]*$/);
    const user = last.filter((s) => s.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    for (const s of last.filter((x) => x.op === 'COPY' && x.args.startsWith('--from=build'))) {
      const from = s.args.split(/\s+/)[1]!.replace(/^\/src\//, '');
      expect(existsSync(root + from), `the build makes ${from}`).toBe(true);
    }
    const entry = last.find((s) => s.op === 'ENTRYPOINT')!;
    checkServe(JSON.parse(entry.args) as string[]);
    const port = last.find((s) => s.op === 'EXPOSE')!.args.trim();
    const health = last.find((s) => s.op === 'HEALTHCHECK')!.args;
    expect(health).toContain(`http://127.0.0.1:${port}/healthz`);
    expect(last.find((s) => s.op === 'STOPSIGNAL')?.args).toBe('SIGTERM');
  });

  it('refuses what systemd and a build would refuse', () => {
    expect(() => parseUnit('[Service]\nnot a line')).toThrow(/neither a section/);
    expect(() => parseContainerfile('from node')).toThrow(/not an instruction/);
    expect(parseContainerfile('RUN a \\\n  b').map((s) => s.args)).toEqual(['a    b']);
  });
});
