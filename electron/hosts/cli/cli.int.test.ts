import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EVERYTHING, FIXTURE, tempDir } from '../../../e2e/harness/harness.js';
import { run } from './main.js';
import type { Io } from './commands.js';

const BIN = resolve('bin/mcp-console.js');
const dir = tempDir();
const config = join(dir, 'mcp.json');
writeFileSync(
  config,
  JSON.stringify({
    mcpServers: {
      fx: { command: process.execPath, args: [FIXTURE] },
      everything: { command: process.execPath, args: [EVERYTHING] },
    },
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the real command line with no terminal attached. */
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args, '--data-dir', join(dir, 'data')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const audit = () =>
  readFileSync(join(dir, 'data', 'audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('mcp-console command line', () => {
  it('lists every tool as JSON with declared and defaulted annotations', () => {
    const r = cli('tools', 'fx', '--config', config, '--json');
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.out) as Record<string, unknown>[];
    expect(tools).toHaveLength(261);
    const t = tools.find((x) => x.name === 'ann_tfuf')!;
    expect(Object.keys(t).sort()).toEqual(
      ['annotations', 'declaredAnnotations', 'description', 'fingerprint', 'inputSchema', 'name'].sort(),
    );
    expect(t.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
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
    // The call's own entries (the pins walk may record its first sight of the tools after them).
    const trail = audit();
    const callId = [...trail].reverse().find((e) => e.kind === 'call-requested')?.callId;
    expect(callId).toEqual(expect.any(String));
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
    expect(cli('call', 'fx', 'content_image', '--config', config, '--yes').out).toContain(
      '[image image/png, 70 bytes]',
    );
    const j = JSON.parse(cli('call', 'fx', 'structured_invalid', '--config', config, '--yes', '--json').out);
    expect(j).toMatchObject({
      outcome: 'ok',
      structured: { status: 'invalid' },
      result: { structuredContent: { total: 'three' } },
    });
  });

  it('names the bad field of a broken config (exit 2)', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"mcpServers":{"x":{"command":["no"]}}}');
    const r = cli('tools', 'x', '--config', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/mcpServers\["x"\]\.command/);
  });

  it('verifies the audit chain, and names the first tampered entry', () => {
    expect(cli('audit', 'verify')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/audit log intact: \d+ entries/),
    });
    const path = join(dir, 'data', 'audit.jsonl');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[3] = lines[3]!.replace('"kind":"', '"kind":"x');
    writeFileSync(path, lines.join('\n'));
    expect(cli('audit', 'verify')).toMatchObject({
      code: 1,
      out: expect.stringMatching(/broken at entry 4 \(seq 4\)/),
    });
  });
});

describe('terminal approval', () => {
  const io = (answer: string, lines: string[]): Io => ({
    out: (s) => lines.push(s),
    err: (s) => lines.push(s),
    isTTY: true,
    ask: async () => answer,
  });

  it('shows server, tool, annotations, risk and the exact JSON, then sends on y', async () => {
    const lines: string[] = [];
    const code = await run(
      ['call', 'fx', 'echo', '--args', '{"message":"tty"}', '--config', config, '--data-dir', join(dir, 'tty')],
      io('y', lines),
    );
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
    expect(await run(['call', 'fx', 'echo', '--config', config, '--data-dir', join(dir, 'tty')], io('', lines))).toBe(
      3,
    );
    expect(lines.join('\n')).toMatch(/not sent: denied on the terminal/);
  });
});

describe('the command line against a hostile server', () => {
  const HOSTILE = resolve('out/node/e2e/fixtures/hostile-server.js');
  const hostileConfig = join(dir, 'hostile.json');
  writeFileSync(
    hostileConfig,
    JSON.stringify({
      mcpServers: {
        bad: { command: process.execPath, args: [HOSTILE] },
        off: { command: 'x', disabled: true, alwaysAllow: [] },
      },
    }),
  );
  const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

  it('prints nothing a server sent raw: no escape, no carriage return, no line break inside a field', () => {
    const r = cli('tools', 'bad', '--config', hostileConfig);
    expect(r.code).toBe(0);
    expect(r.out + r.err).not.toMatch(control);
    const line = r.out.split('\n').find((l) => l.startsWith('evil'))!;
    expect(line).toContain('evil\\x1b[31m');
    expect(line).toContain('Harmless\\x0d\\x0aRisk:');
    expect(line).toContain('\\x1b]0;pwned\\x07');
    expect(line).toContain('⟦U+202E⟧evil');
    expect(r.out.split('\n').filter((l) => /^Risk:/.test(l))).toEqual([]);
  });

  it('keeps the approval prompt honest: the fake risk line stays inside the title', async () => {
    const lines: string[] = [];
    const io: Io = { out: (s) => lines.push(s), err: (s) => lines.push(s), isTTY: true, ask: async () => 'n' };
    const code = await run(
      [
        'call',
        'bad',
        'evil\u001b[31m',
        '--args',
        '{"key\\u001b[2J":"y"}',
        '--config',
        hostileConfig,
        '--data-dir',
        join(dir, 'hostile-data'),
      ],
      io,
    );
    expect(code).toBe(3);
    const text = lines.join('\n');
    expect(text).not.toMatch(control);
    expect(text.split('\n').filter((l) => l.startsWith('Risk:'))).toHaveLength(1);
    expect(text).toContain('{"key\\u001b[2J":"y"}');
    expect(text).toMatch(/must match pattern/);
  });

  it('--json stays exact JSON, with execution and _meta kept; a tool needing task mode is marked, and refused with the reason when its server declares no tasks', () => {
    const r = cli('tools', 'bad', '--config', hostileConfig, '--json');
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.out) as Record<string, unknown>[];
    expect(tools[0]!.name).toBe('evil\u001b[31m');
    expect(tools[0]!.execution).toEqual({ taskSupport: 'optional' });
    expect(tools[0]!._meta).toEqual({ 'com.example/hint': 'kept' });
    expect(cli('tools', 'bad', '--config', hostileConfig).out).toMatch(/^task_only .*\[needs task mode\]/m);
    const c = cli('call', 'bad', 'task_only', '--config', hostileConfig, '--yes');
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/would run as a task, but its server does not declare tasks for tools\/call/);
  });

  it('names ignored and disabled servers, refuses unknown flags and half commands, and counts in English', () => {
    expect(cli('tools', 'off', '--config', hostileConfig)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/server "off" is disabled in .*hostile\.json/),
    });
    expect(cli('tools', 'bad', '--config', hostileConfig).err).toMatch(/ignored field "alwaysAllow"/);
    expect(cli('tools', 'bad', '--config', hostileConfig, '--jsno')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/unknown flag --jsno for tools \(did you mean --json\?\)/),
    });
    expect(cli('audit')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/audit needs a subcommand: audit verify/),
    });
    expect(cli('tools', 'bad', '--config', hostileConfig).err).toMatch(/^2 tools$/m);
  });

  it('says a data directory without a log has no log, instead of "intact: 0 entries"', () => {
    const r = spawnSync(process.execPath, [BIN, 'audit', 'verify', '--data-dir', join(dir, 'never-used')], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^audit log missing: there is no audit log at /);
  });

  it('prints nothing on stdout for tools --json when listing failed', () => {
    const failing = join(dir, 'failing.json');
    const script = `require('readline').createInterface({input:process.stdin}).on('line',(l)=>{const m=JSON.parse(l);const o=(r)=>process.stdout.write(JSON.stringify({jsonrpc:'2.0',id:m.id,...r})+'\\n');if(m.method==='initialize')o({result:{protocolVersion:'2025-11-25',capabilities:{tools:{}},serverInfo:{name:'f',version:'1'}}});else if(m.method==='tools/list')o({error:{code:-32603,message:'listing broke'}});});`;
    writeFileSync(failing, JSON.stringify({ mcpServers: { f: { command: process.execPath, args: ['-e', script] } } }));
    const r = cli('tools', 'f', '--config', failing, '--json');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/tools\/list failed: .*listing broke/);
  });
});
