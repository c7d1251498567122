import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseHostConfig } from '../../../shared/config.js';
import { tempDir } from '../../../e2e/harness/harness.js';
import { ServerStore } from './server-store.js';
import { resolveDataDir } from '../support/data-dir.js';

describe('ServerStore', () => {
  let dir: string;
  beforeEach(() => (dir = tempDir()));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('saves servers as a host config with the console settings beside it, and reads them back', () => {
    const s = new ServerStore(dir);
    s.put({
      id: 'a',
      config: { type: 'stdio', command: 'x', args: ['1'], env: { K: 'V' } },
      settings: {
        trusted: true,
        autoApproveReadOnly: false,
        connectTimeoutMs: 1000,
        callTimeoutMs: 2000,
        resetTimeoutOnProgress: true,
        era: 'modern',
        viewPermissions: ['camera'],
        roots: [],
      },
      saved: true,
    });
    s.put({
      id: 'tmp',
      config: { type: 'stdio', command: 'y', args: [], env: {} },
      settings: {
        trusted: false,
        autoApproveReadOnly: false,
        connectTimeoutMs: 1000,
        callTimeoutMs: 2000,
        resetTimeoutOnProgress: true,
        era: 'auto',
        viewPermissions: [],
        roots: [],
      },
      saved: false,
    });
    const text = readFileSync(join(dir, 'servers.json'), 'utf8');
    expect(Object.keys(parseHostConfig(text))).toEqual(['a']);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const again = new ServerStore(dir);
    again.load();
    expect(again.get('a')?.settings.trusted).toBe(true);
    expect(again.get('a')?.settings.era).toBe('modern');
    expect(again.get('a')?.config).toEqual({ type: 'stdio', command: 'x', args: ['1'], env: { K: 'V' } });
    expect(again.get('tmp')).toBeUndefined();
  });

  it('sets a broken file aside instead of losing or overwriting it', () => {
    writeFileSync(join(dir, 'servers.json'), '{"mcpServers":{"a":{"command":42}}}');
    const s = new ServerStore(dir);
    s.load();
    expect(s.list()).toEqual([]);
    expect(s.problems[0]).toMatch(/mcpServers\["a"\]\.command/);
    const aside = readdirSync(dir).find((f) => f.startsWith('servers.json.invalid-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(dir, aside!), 'utf8')).toContain('"command":42');
    expect(existsSync(join(dir, 'servers.json'))).toBe(false);
  });

  it('resolves the data directory from the flag, then the environment', () => {
    expect(resolveDataDir('/x/y', { MCP_CONSOLE_DATA_DIR: '/e' })).toBe('/x/y');
    expect(resolveDataDir(undefined, { MCP_CONSOLE_DATA_DIR: '/e' })).toBe('/e');
    expect(resolveDataDir(undefined, {})).toMatch(/mcp-console|MCP Console/);
  });
});
