import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureStdio, makeCore, tempDir, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

/** Two sessions on one data directory: what the first kept, torn or edited by hand before the second reads it. */
describe('the lists a session keeps for the next, torn or edited', () => {
  const open: Harness[] = [];
  afterEach(async () => {
    for (const h of open.splice(0)) await h.dispose();
  });

  /**
   * A session on `dataDir` connected to the fixture server (its own tools and 30 more); closed (its files written) when
   * `close`.
   */
  async function session(dataDir: string, close: boolean) {
    const h = makeCore({ dataDir });
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '30' }), {}, false);
    expect((await h.core.connect('fx')).status).toBe('connected');
    const parts = partsOf(h.core);
    if (close) {
      parts.pins.states('fx'); // the pins at first sight
      await h.core.close();
    } else open.push(h);
    return parts;
  }

  const kept = (dir: string) => {
    const index = readdirSync(dir).find((f) => f.endsWith('.json'))!;
    return {
      index: join(dir, index),
      data: JSON.parse(readFileSync(join(dir, index), 'utf8')) as { defs: string; keys: string[]; spans: number[] },
    };
  };

  it('a session reads back what the last one kept: pins by fingerprint, their definitions when asked', async () => {
    const dataDir = tempDir();
    await session(dataDir, true);
    const pins = kept(join(dataDir, 'gateway'));
    expect(pins.data.keys.length).toBeGreaterThan(30);
    expect(readdirSync(join(dataDir, 'gateway'))).toContain(pins.data.defs);
    const next = await session(dataDir, false);
    expect(next.pins.unsettled('fx')).toEqual([]);
    const defs = next.pins.pinnedDefinitions('fx')!;
    expect(defs.size).toBe(pins.data.keys.length);
    expect([...defs].every(([name, def]) => def?.name === name)).toBe(true);
  });

  it('an index naming a file elsewhere, spans past the end, or a definition swapped: nothing counts that should not, and the console runs on', async () => {
    const dataDir = tempDir();
    await session(dataDir, true);
    // The pins: one definition's span pointed at another tool's line; one past the file's end.
    const pins = kept(join(dataDir, 'gateway'));
    pins.data.spans[0] = pins.data.spans[2]!;
    pins.data.spans[1] = pins.data.spans[3]!;
    pins.data.spans[5] = 2 ** 40;
    writeFileSync(pins.index, JSON.stringify(pins.data));
    // The list last seen: its index names a file outside its folder.
    const seen = kept(join(dataDir, 'last-seen'));
    writeFileSync(seen.index, JSON.stringify({ ...seen.data, defs: '../../outside.1234abcd.defs' }));
    const next = await session(dataDir, false);
    // The fingerprints are what counts: every tool still matches its pin.
    expect(next.pins.unsettled('fx')).toEqual([]);
    // A definition that is not its tool's, or is past the end, is not read as the pinned one (left out of an export).
    const defs = next.pins.pinnedDefinitions('fx')!;
    expect(defs.get(pins.data.keys[0]!)).toBeUndefined();
    expect(defs.get(pins.data.keys[2]!)).toBeUndefined();
    expect(defs.get(pins.data.keys[1]!)?.name).toBe(pins.data.keys[1]);
    // The list last seen is not read (its index names a file elsewhere): the catalog is listed as if first seen.
    expect(next.catalog.tools('fx')).toHaveLength(pins.data.keys.length);
  });

  it('a pins index that is not one counts no pin: every tool waits for the person', async () => {
    const dataDir = tempDir();
    await session(dataDir, true);
    const pins = kept(join(dataDir, 'gateway'));
    writeFileSync(pins.index, JSON.stringify({ ...pins.data, spans: pins.data.spans.slice(1) }));
    const next = await session(dataDir, false);
    const unsettled = next.pins.unsettled('fx');
    expect(unsettled).toHaveLength(pins.data.keys.length);
    expect(new Set(unsettled.map((u) => u.state))).toEqual(new Set(['new']));
  });
});
