import { describe, expect, it } from 'vitest';
import { parseHostConfig, toHostEntry } from './config.js';

describe('parseHostConfig', () => {
  it('reads the Claude Desktop / Cursor form', () => {
    const c = parseHostConfig(JSON.stringify({ mcpServers: {
      files: { command: 'npx', args: ['-y', 'x'], env: { K: 'V' }, cwd: '/tmp' },
      remote: { type: 'http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' } },
      legacy: { type: 'sse', url: 'http://127.0.0.1:3001/sse' },
      plain: { url: 'http://127.0.0.1:3001/mcp' },
      typed: { type: 'stdio', command: 'srv' },
      sh: { type: 'streamable-http', url: 'https://example.com/mcp' },
    } }));
    expect(c.files).toEqual({ type: 'stdio', command: 'npx', args: ['-y', 'x'], env: { K: 'V' }, cwd: '/tmp' });
    expect(c.remote).toEqual({ type: 'http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' } });
    expect(c.legacy.type).toBe('sse');
    expect(c.plain.type).toBe('auto');
    expect(c.typed).toEqual({ type: 'stdio', command: 'srv', args: [], env: {} });
    expect(c.sh.type).toBe('http');
  });
  it("reads VS Code's servers key", () => {
    expect(Object.keys(parseHostConfig('{"servers":{"a":{"command":"x"}}}'))).toEqual(['a']);
  });
  it('names the bad field', () => {
    expect(() => parseHostConfig('{"mcpServers":{"a":{"command":""}}}')).toThrow(/mcpServers\["a"\]\.command/);
    expect(() => parseHostConfig('{"mcpServers":{"a":{"command":"x","args":"nope"}}}')).toThrow(/mcpServers\["a"\].*args/);
    expect(() => parseHostConfig('{"mcpServers":{"a":{"type":"sse","url":"ftp://x"}}}')).toThrow(/mcpServers\["a"\]\.url/);
    expect(() => parseHostConfig('{"mcpServers":{"a":{}}}')).toThrow(/needs "command"/);
    expect(() => parseHostConfig('{"other":{}}')).toThrow(/neither "mcpServers" nor "servers"/);
    expect(() => parseHostConfig('{oops')).toThrow(/not valid JSON/);
  });
  it('writes back a host entry that reads the same', () => {
    const c = parseHostConfig('{"mcpServers":{"a":{"command":"x","env":{"K":"V"}},"b":{"url":"http://h/mcp"}}}');
    const again = parseHostConfig(JSON.stringify({ mcpServers: { a: toHostEntry(c.a), b: toHostEntry(c.b) } }));
    expect(again).toEqual(c);
  });
});
