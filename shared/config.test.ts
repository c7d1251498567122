import { describe, expect, it } from 'vitest';
import {
  maskCredentials,
  MASKED_VALUE,
  parseHostConfig,
  parseHostConfigDetailed,
  toHostEntry,
  unmaskCredentials,
} from './config.js';

describe('parseHostConfig', () => {
  it('reads the Claude Desktop / Cursor form', () => {
    const c = parseHostConfig(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'x'], env: { K: 'V' }, cwd: '/tmp' },
          remote: { type: 'http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' } },
          legacy: { type: 'sse', url: 'http://127.0.0.1:3001/sse' },
          plain: { url: 'http://127.0.0.1:3001/mcp' },
          typed: { type: 'stdio', command: 'srv' },
          sh: { type: 'streamable-http', url: 'https://example.com/mcp' },
        },
      }),
    );
    expect(c.files).toEqual({ type: 'stdio', command: 'npx', args: ['-y', 'x'], env: { K: 'V' }, cwd: '/tmp' });
    expect(c.remote).toEqual({
      type: 'http',
      url: 'http://127.0.0.1:3001/mcp',
      headers: { Authorization: 'Bearer t' },
    });
    expect(c.legacy!.type).toBe('sse');
    expect(c.plain!.type).toBe('auto');
    expect(c.typed).toEqual({ type: 'stdio', command: 'srv', args: [], env: {} });
    expect(c.sh!.type).toBe('http');
  });
  it("reads VS Code's servers key", () => {
    expect(Object.keys(parseHostConfig('{"servers":{"a":{"command":"x"}}}'))).toEqual(['a']);
  });
  it('names the bad field', () => {
    expect(() => parseHostConfig('{"mcpServers":{"a":{"command":""}}}')).toThrow(/mcpServers\["a"\]\.command/);
    expect(() => parseHostConfig('{"mcpServers":{"a":{"command":"x","args":"nope"}}}')).toThrow(
      /mcpServers\["a"\].*args/,
    );
    expect(() => parseHostConfig('{"mcpServers":{"a":{"type":"sse","url":"ftp://x"}}}')).toThrow(
      /mcpServers\["a"\]\.url/,
    );
    expect(() => parseHostConfig('{"mcpServers":{"a":{}}}')).toThrow(/needs "command"/);
    expect(() => parseHostConfig('{"other":{}}')).toThrow(/neither "mcpServers" nor "servers"/);
    expect(() => parseHostConfig('{oops')).toThrow(/not valid JSON/);
  });
  it('writes back a host entry that reads the same', () => {
    const c = parseHostConfig('{"mcpServers":{"a":{"command":"x","env":{"K":"V"}},"b":{"url":"http://h/mcp"}}}');
    const again = parseHostConfig(JSON.stringify({ mcpServers: { a: toHostEntry(c.a!), b: toHostEntry(c.b!) } }));
    expect(again).toEqual(c);
  });

  it('keeps a server named __proto__ (or constructor) as an ordinary id', () => {
    const c = parseHostConfig('{"mcpServers":{"__proto__":{"command":"x"},"constructor":{"command":"y"}}}');
    expect(Object.keys(c).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.prototype.hasOwnProperty.call(c, '__proto__')).toBe(true);
    expect(c['__proto__' as keyof typeof c]).toMatchObject({ command: 'x' });
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
  });
  it('reads a file that starts with a UTF-8 byte order mark', () => {
    expect(Object.keys(parseHostConfig('\uFEFF{"mcpServers":{"a":{"command":"x"}}}'))).toEqual(['a']);
  });
  it('never quotes a file that is not a config (it could be a secret), only where it broke', () => {
    const shadow = 'root:$6$saltsalt$hashhashhash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::';
    let message = '';
    try {
      parseHostConfig(shadow);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^not valid JSON/);
    expect(message).not.toMatch(/root|saltsalt|hash|daemon/);
    expect(() => parseHostConfig('{\n  "mcpServers": {,}\n}')).toThrow(/at line 2, column/);
  });
  it('honours "disabled": true and names every other field it ignores', () => {
    const c = parseHostConfigDetailed(
      JSON.stringify({
        mcpServers: {
          on: { command: 'x', disabled: false, alwaysAllow: ['t'], envFile: '.env' },
          off: { command: 'y', disabled: true },
        },
      }),
    );
    expect(Object.keys(c.servers)).toEqual(['on']);
    expect(c.disabled).toEqual(['off']);
    expect(c.warnings).toEqual([
      'mcpServers["on"]: ignored fields "alwaysAllow", "envFile"',
      'mcpServers["off"]: disabled in the config; not loaded',
    ]);
    expect(() => parseHostConfig('{"mcpServers":{"a":{"command":"x","disabled":"yes"}}}')).toThrow(
      /mcpServers\["a"\]\.disabled: must be true or false/,
    );
  });
});

describe('oauth in a host config', () => {
  it('is read, checked, and written back when the server is saved', () => {
    const oauth = { clientId: 'pre', clientSecretEnv: 'MY_SECRET', scope: 'files:read' };
    const c = parseHostConfig(JSON.stringify({ mcpServers: { r: { url: 'https://x.example/mcp', oauth } } }));
    expect(c.r).toMatchObject({ type: 'auto', oauth });
    expect(toHostEntry(c.r!)).toMatchObject({ oauth });
    expect(() =>
      parseHostConfig('{"mcpServers":{"r":{"url":"https://x.example/mcp","oauth":{"clientSecret":"inline"}}}}'),
    ).toThrow(/oauth/);
    expect(() =>
      parseHostConfig(
        '{"mcpServers":{"r":{"url":"https://x.example/mcp","oauth":{"clientMetadataUrl":"http://x.example/c.json"}}}}',
      ),
    ).toThrow(/https/);
  });
});

describe('credential headers in what front ends see', () => {
  const remote = {
    type: 'http' as const,
    url: 'https://x.example/mcp',
    headers: { Authorization: 'Bearer live-token', 'X-Trace': 'on' },
  };

  it('masks credential header values and keeps the others', () => {
    const shown = maskCredentials(remote);
    expect(JSON.stringify(shown)).not.toContain('live-token');
    expect(shown).toMatchObject({ headers: { Authorization: MASKED_VALUE, 'X-Trace': 'on' } });
  });

  it('a masked value sent back keeps the stored one; a new value replaces it; a masked value with nothing to keep is refused', () => {
    expect(unmaskCredentials(maskCredentials(remote), remote)).toEqual(remote);
    const typed = { ...remote, headers: { authorization: 'Bearer new' } };
    expect(unmaskCredentials(typed, remote)).toEqual(typed);
    expect(() => unmaskCredentials(maskCredentials(remote), undefined)).toThrow(/type its value/);
  });

  it('refuses a config that gives a key twice, without quoting the file', () => {
    expect(() => parseHostConfigDetailed('{"mcpServers": {"a": {"command": "x"}},\n "mcpServers": {}}')).toThrow(
      'refused: a key appears twice in one object (line 2); only one can hold',
    );
  });
});
