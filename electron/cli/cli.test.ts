import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EVERYTHING, FIXTURE, tempDir } from '../../e2e/integration/harness.js';
import { run } from './main.js';
import type { Io } from './commands.js';

const BIN = resolve('bin/mcp-console.js');
const dir = tempDir();
const config = join(dir, 'mcp.json');
writeFileSync(config, JSON.stringify({ mcpServers: {
  fx: { command: process.execPath, args: [FIXTURE] },
  everything: { command: process.execPath, args: [EVERYTHING] },
} }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the real command line with no terminal attached. */
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args, '--data-dir', join(dir, 'data')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const audit = () => readFileSync(join(dir, 'data', 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

describe('mcp-console command line', () => {
  it('lists every tool as JSON with declared and defaulted annotations', () => {
    const r = cli('tools', 'fx', '--config', config, '--json');
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.out) as Record<string, unknown>[];
    expect(tools).toHaveLength(261);
    const t = tools.find((x) => x.name === 'ann_tfuf')!;
    expect(Object.keys(t).sort()).toEqual(['annotations', 'declaredAnnotations', 'description', 'fingerprint', 'inputSchema', 'name'].sort());
    expect(t.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    expect(t.declaredAnnotations).toEqual({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
    expect(t.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('prints hidden characters visibly in the plain listing', () => {
    const r = cli('tools', 'fx', '--config', config);
    expect(r.code).toBe(0);
    const line = r.out.split('\n').find((l) => l.startsWith('hostile_hidden'))!;
    expect(line).toContain('[HIDDEN TEXT in description]');
    expect(line).toContain('⟦U+200B⟧');
    expect(line).not.toContain('\u200B');
  });

  it('refuses to call without a terminal and without --yes, and sends nothing (exit 3)', () => {
    const r = cli('call', 'fx', 'echo', '--args', '{"message":"x"}', '--config', config);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/no terminal to ask for approval and --yes was not given/);
    const trail = audit();
    const callId = trail.at(-1).callId;
    expect(trail.filter((e) => e.callId === callId).map((e) => e.kind)).toEqual(['call-requested', 'denied']);
  });

  it('approves with --yes, recorded as the command-line flag (exit 0)', () => {
    const r = cli('call', 'everything', 'echo', '--args', '{"message":"hello"}', '--config', config, '--yes');
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe('Echo: hello');
    expect(r.err).toContain('Arguments that will be sent (exact JSON):\n{"message":"hello"}');
    expect(audit().find((e) => e.kind === 'approved' && e.tool === 'echo')).toMatchObject({ decidedBy: 'cli-flag' });
  });

  it('exits 1 on a tool error and 2 on a protocol error, an unknown tool or bad arguments', () => {
    expect(cli('call', 'fx', 'tool_error', '--config', config, '--yes').code).toBe(1);
    const proto = cli('call', 'fx', 'protocol_error', '--config', config, '--yes');
    expect(proto.code).toBe(2);
    expect(proto.err).toMatch(/fixture refuses these params \(code -32602\)/);
    expect(cli('call', 'fx', 'no_such_tool', '--config', config, '--yes').err).toMatch(/offers no tool "no_such_tool"/);
    expect(cli('call', 'fx', 'echo', '--args', '[1]', '--config', config, '--yes').code).toBe(2);
  });

  it('prints each block for what it is, and the whole result with --json', () => {
    const r = cli('call', 'fx', 'content_embedded', '--config', config, '--yes');
    expect(r.out).toContain('[resource] <fixture://text/1> (application/json)\n{"embedded":true}');
    expect(r.out).toContain('[resource] <fixture://blob/1> (image/png) 70 bytes');
    expect(cli('call', 'fx', 'content_image', '--config', config, '--yes').out).toContain('[image image/png, 70 bytes]');
    const j = JSON.parse(cli('call', 'fx', 'structured_invalid', '--config', config, '--yes', '--json').out);
    expect(j).toMatchObject({ outcome: 'ok', structured: { status: 'invalid' }, result: { structuredContent: { total: 'three' } } });
  });

  it('names the bad field of a broken config (exit 2)', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"mcpServers":{"x":{"command":["no"]}}}');
    const r = cli('tools', 'x', '--config', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/mcpServers\["x"\]\.command/);
  });

  it('verifies the audit chain, and names the first tampered entry', () => {
    expect(cli('audit', 'verify')).toMatchObject({ code: 0, out: expect.stringMatching(/audit log intact: \d+ entries/) });
    const path = join(dir, 'data', 'audit.jsonl');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[3] = lines[3].replace('"kind":"', '"kind":"x');
    writeFileSync(path, lines.join('\n'));
    expect(cli('audit', 'verify')).toMatchObject({ code: 1, out: expect.stringMatching(/broken at entry 4 \(seq 4\)/) });
  });
});

describe('terminal approval', () => {
  const io = (answer: string, lines: string[]): Io => ({ out: (s) => lines.push(s), err: (s) => lines.push(s), isTTY: true, ask: async () => answer });

  it('shows server, tool, annotations, risk and the exact JSON, then sends on y', async () => {
    const lines: string[] = [];
    const code = await run(['call', 'fx', 'echo', '--args', '{"message":"tty"}', '--config', config, '--data-dir', join(dir, 'tty')], io('y', lines));
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/Server: +fx \(MCP Console Fixture\)/);
    expect(text).toContain('readOnlyHint: true (declared)');
    expect(text).toContain('idempotentHint: not applicable (meaningful only when readOnlyHint is false)');
    expect(text).toContain('Risk:     read-only-claimed');
    expect(text).toContain('{"message":"tty"}');
  });

  it('denies on anything but yes (exit 3)', async () => {
    const lines: string[] = [];
    expect(await run(['call', 'fx', 'echo', '--config', config, '--data-dir', join(dir, 'tty')], io('', lines))).toBe(3);
    expect(lines.join('\n')).toMatch(/not sent: denied on the terminal/);
  });
});
