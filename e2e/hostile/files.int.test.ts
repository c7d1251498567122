import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deepText } from '../fixtures/attack-server.js';
import { makeCore, tempDir, type Harness } from '../harness/harness.js';
import { parseHostConfigDetailed } from '../../shared/config.js';
import { parseBaseline, parsePins } from '../../shared/review/review-files.js';
import { partsOf } from '../../electron/core/testing.js';

const BIN = resolve('bin/mcp-console.js');

/** Files the console reads back or a person imports: broken or hostile, each says so and lets nothing in. */
describe('hostile and broken files', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.dispose());

  for (const [what, text, said] of [
    ['not JSON', '{"agents": [', /agents\.json could not be read/],
    [
      '100,000 levels deep',
      `{"agents":${deepText(100_000)}}`,
      /agents\.json was refused: it nests deeper than 1,000 levels/,
    ],
  ] as const)
    it(`an agents.json that is ${what} is a start problem, an error in the Agents view and the CLI, and lets no agent in`, () => {
      const dataDir = tempDir();
      writeFileSync(join(dataDir, 'agents.json'), text);
      h = makeCore({ dataDir });
      expect(h.problems.join('\n')).toMatch(said);
      expect(() => partsOf(h!.core).agents.list()).toThrow(said);
      expect(partsOf(h.core).agents.authenticate('mcpc_anything')).toBeUndefined();
      const cli = spawnSync(process.execPath, [BIN, 'agents', 'list', '--data-dir', dataDir], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(cli.status).not.toBe(0);
      expect(cli.stderr).toMatch(said);
    });
});

describe('files a person imports, 100,000 levels deep', () => {
  const deep = (key: string) => `{"${key}":${deepText(100_000)}}`;

  it('a host config, a baseline and a pins file are each refused in words', async () => {
    expect(() => parseHostConfigDetailed(deep('mcpServers'))).toThrow(
      /refused: the file nests deeper than 1,000 levels/,
    );
    expect(() => parseBaseline(deep('suppressions'))).toThrow(
      /the baseline was refused: it nests deeper than 1,000 levels/,
    );
    expect(() => parsePins(deep('servers'))).toThrow(/the pins file was refused: it nests deeper than 1,000 levels/);
    const h = makeCore();
    try {
      await expect(h.core.importServers(deep('mcpServers'))).rejects.toThrow(/nests deeper than 1,000 levels/);
      expect(h.core.listServers()).toEqual([]);
    } finally {
      await h.dispose();
    }
  });

  it('the command line refuses such a config with exit 2 and the reason', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'deep.json'), deep('mcpServers'));
    const r = spawnSync(
      process.execPath,
      [BIN, 'tools', 'x', '--config', join(dir, 'deep.json'), '--data-dir', join(dir, 'd')],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/nests deeper than 1,000 levels/);
    expect(r.stderr).not.toMatch(/RangeError|Maximum call stack/);
  });
});
