import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashJson } from '../support/index.js';
import { diffCatalog, type KeptItems } from '../../../shared/catalog-diff.js';
import { LastSeenStore, lastSeenDir } from './last-seen.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'mcp-console-pins-'));
  dirs.push(d);
  return d;
};
const items = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ name: `t${i}`, description: `${tag} ${'x'.repeat(2000)}` }));
const byName = (t: Record<string, string>) => t.name!;
const store = (dir: string) => new LastSeenStore<Record<string, string>>(dir, 'tools', byName);
/** A kept list read back whole: its items and fingerprints. */
const whole = (kept: KeptItems<Record<string, string>> | undefined) =>
  kept && {
    items: Array.from({ length: kept.length }, (_, i) => kept.item(i)),
    fingerprints: Array.from({ length: kept.length }, (_, i) => kept.fingerprint(i)),
  };
const defsFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.defs'));
const waitFor = async (ok: () => boolean) => {
  for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
};

describe('the lists last seen, on disk', () => {
  it('writes a large list in steps, loadable, with no temporary file left', async () => {
    const dir = scratch();
    const seen = store(dir);
    seen.save('id1', items(20_000, 'first'), []);
    await waitFor(
      () => readdirSync(dir).some((f) => f === 'id1.json') && !readdirSync(dir).some((f) => f.endsWith('.tmp')),
    );
    const again = store(dir).load('id1');
    expect(again).toHaveLength(20_000);
    expect(again?.item(19_999)).toMatchObject({ name: 't19999' });
    // Fingerprints the caller did not give are made as the list is written.
    expect(again?.fingerprint(7)).toBe(hashJson(items(8, 'first')[7]));
    expect(JSON.parse(readFileSync(join(dir, 'id1.json'), 'utf8')).savedAt).toMatch(/^\d{4}-/);
  });

  it('writes every byte: text of many scripts across steps, and one item larger than a step', async () => {
    const dir = scratch();
    const seen = store(dir);
    const list = [
      ...Array.from({ length: 5_000 }, (_, i) => ({ name: `t${i}`, description: `é中😀 ${i} ${'ж'.repeat(300)}` })),
      { name: 'big', description: '😀'.repeat(1_500_000) },
      { name: 'last', description: 'end' },
    ];
    seen.save('id1', list, []);
    await waitFor(() => readdirSync(dir).includes('id1.json'));
    expect(whole(store(dir).load('id1'))?.items).toEqual(list);
    // Written as ASCII (each character past it as its escape), so that it reads back as a one-byte string.
    const ascii = (f: string) => expect(readFileSync(join(dir, f), 'utf8')).toMatch(/^[\x00-\x7f]*$/);
    for (const f of ['id1.json', ...defsFiles(dir)]) ascii(f);
    // Written on close, the same.
    const closing = store(dir);
    closing.save('id2', list, []);
    closing.flush();
    for (const f of ['id2.json', ...defsFiles(dir)]) ascii(f);
    expect(whole(store(dir).load('id2'))?.items).toEqual(list);
  });

  it('does not write a list again when a listing found the same items', async () => {
    const dir = scratch();
    const seen = store(dir);
    const list = items(2_000, 'one');
    seen.save('id1', list, []);
    await waitFor(() => readdirSync(dir).includes('id1.json'));
    const written = statSync(join(dir, 'id1.json')).ino;
    // A re-list that kept every item (the same objects, in a new array): nothing to write.
    seen.save('id1', [...list], []);
    await new Promise((r) => setTimeout(r, 800));
    expect(statSync(join(dir, 'id1.json')).ino).toBe(written);
    // One item changed: written again (an atomic rename makes a new file), the older definitions file gone.
    const older = defsFiles(dir);
    seen.save('id1', [...list.slice(0, -1), { name: 't1999', description: 'changed' }], []);
    // The rename is done on libuv's thread pool: the new index can be on disk a moment before the
    // write's own continuation (which removes the older definitions file) runs. Wait for both.
    await waitFor(() => statSync(join(dir, 'id1.json')).ino !== written && defsFiles(dir).length === 1);
    const back = store(dir).load('id1')!;
    expect(back.item(back.length - 1)?.description).toBe('changed');
    expect(defsFiles(dir)).toHaveLength(1);
    expect(defsFiles(dir)).not.toEqual(older);
  });

  it('keeps the fingerprints beside the items, read back only when there is one per item', async () => {
    const dir = scratch();
    const seen = store(dir);
    const list = items(3, 'fp');
    const fps = ['a', 'b', 'c'].map((c) => c.repeat(64));
    seen.save('id1', list, fps);
    await waitFor(() => readdirSync(dir).includes('id1.json'));
    expect(whole(store(dir).load('id1'))).toEqual({ items: list, fingerprints: fps });
    // Written on close (the other way a list reaches the disk), the same.
    const closing = store(dir);
    closing.save('id2', list, fps);
    closing.flush();
    expect(whole(store(dir).load('id2'))).toEqual({ items: list, fingerprints: fps });
    // A file of before (every item in it, the fingerprints beside them or not) is read whole; those
    // whose fingerprints do not match its items (or are not hashes) are hashed again.
    writeFileSync(join(dir, 'id6.json'), JSON.stringify({ tools: list, fingerprints: fps }));
    expect(whole(store(dir).load('id6'))).toEqual({ items: list, fingerprints: fps });
    writeFileSync(join(dir, 'id3.json'), JSON.stringify({ tools: list, fingerprints: fps.slice(1) }));
    writeFileSync(join(dir, 'id4.json'), JSON.stringify({ tools: list, fingerprints: ['x', 'y', 7] }));
    writeFileSync(join(dir, 'id5.json'), JSON.stringify({ tools: list }));
    for (const id of ['id3', 'id4', 'id5'])
      expect(whole(store(dir).load(id))).toEqual({ items: list, fingerprints: list.map((t) => hashJson(t)) });
  });

  it('a close during a stepped write still leaves the newest list on disk', async () => {
    const dir = scratch();
    const seen = store(dir);
    seen.save('id1', items(30_000, 'newest'), []);
    // The stepped write has started (its temporary file exists) but not landed.
    await waitFor(() => readdirSync(dir).some((f) => f.endsWith('.tmp')));
    expect(readdirSync(dir)).not.toContain('id1.json');
    seen.flush();
    const pin = store(dir).load('id1');
    expect(pin).toHaveLength(30_000);
    expect(pin?.item(0)!.description).toMatch(/^newest/);
    await waitFor(() => !readdirSync(dir).some((f) => f.endsWith('.tmp')));
    expect(readdirSync(dir).filter((f) => !f.endsWith('.defs'))).toEqual(['id1.json']);
    expect(defsFiles(dir)).toHaveLength(1);
  });

  it('a new session reads keys and fingerprints; a definition only when its tool changed, checked to be that tool', async () => {
    const dir = scratch();
    const list = items(1_000, 'kept');
    const fps = list.map((t) => hashJson(t));
    const closing = store(dir);
    closing.save('id1', list, fps);
    closing.flush();
    const [defs] = defsFiles(dir);
    const index = readFileSync(join(dir, 'id1.json'), 'utf8');
    // The index holds no definition: a third of what the definitions file holds, and less.
    expect(index).not.toContain('kept x');
    expect(index.length * 10).toBeLessThan(statSync(join(dir, defs!)).size);
    const now = [...list.slice(0, 998), { name: 't998', description: 'new text' }, { name: 'added', description: 'x' }];
    const diff = diffCatalog(store(dir).load('id1')!, now, { after: now.map((t) => hashJson(t)) });
    expect(diff.added).toEqual(['added']);
    expect(diff.removed).toEqual(['t999']);
    expect(diff.changed).toEqual([
      {
        name: 't998',
        fields: ['description'],
        changes: [{ path: 'description', before: list[998]!.description, after: 'new text' }],
      },
    ]);
    // The definitions file torn or edited by hand: a definition that is not its tool's is not read as
    // one, and its tool is shown changed with no field named (the fingerprints still tell).
    const text = readFileSync(join(dir, defs!), 'latin1').replace('"name":"t998"', '"name":"t99X"');
    writeFileSync(join(dir, defs!), text, 'latin1');
    const torn = store(dir).load('id1')!;
    expect(torn.item(998)).toBeUndefined();
    expect(torn.item(997)).toEqual(list[997]);
    expect(diffCatalog(torn, now, { after: now.map((t) => hashJson(t)) }).changed).toEqual([
      { name: 't998', fields: [], changes: [] },
    ]);
    // An index naming a file elsewhere, or one gone, is no list at all, or one whose definitions cannot be read.
    writeFileSync(join(dir, 'id2.json'), index.replace(defs!, '../escape.1234abcd.defs'));
    expect(store(dir).load('id2')).toBeUndefined();
    const spans = JSON.parse(index) as { spans: number[] };
    spans.spans[1] = 2 ** 40;
    writeFileSync(join(dir, 'id3.json'), JSON.stringify(spans));
    expect(store(dir).load('id3')!.item(0)).toBeUndefined();
    expect(store(dir).load('id3')!.item(1)).toEqual(list[1]);
    rmSync(join(dir, defs!));
    expect(store(dir).load('id1')!.item(0)).toBeUndefined();
  });
});

describe('the folder of lists last seen', () => {
  it('takes over the pins/ folder of a data directory from before, once, and leaves a symlink named pins alone', () => {
    const data = scratch();
    mkdirSync(join(data, 'pins'));
    writeFileSync(join(data, 'pins', 'abc.json'), '{}');
    expect(lastSeenDir(data)).toBe(join(data, 'last-seen'));
    expect(readdirSync(join(data, 'last-seen'))).toEqual(['abc.json']);
    expect(readdirSync(data)).toEqual(['last-seen']);
    // Again, with a new pins/ beside it: the folder that is there is kept, the other left alone.
    mkdirSync(join(data, 'pins'));
    expect(lastSeenDir(data)).toBe(join(data, 'last-seen'));
    expect(readdirSync(data).sort()).toEqual(['last-seen', 'pins']);

    const other = scratch();
    const elsewhere = scratch();
    symlinkSync(elsewhere, join(other, 'pins'));
    expect(lastSeenDir(other)).toBe(join(other, 'last-seen'));
    expect(readdirSync(other)).toEqual(['pins']);
  });
});
