import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LastSeenStore } from './last-seen.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'mcp-console-pins-'));
  dirs.push(d);
  return d;
};
const items = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ name: `t${i}`, description: `${tag} ${'x'.repeat(2000)}` }));
const waitFor = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
};

describe('the lists last seen, on disk', () => {
  it('writes a large list in steps, loadable, with no temporary file left', async () => {
    const dir = scratch();
    const store = new LastSeenStore<Record<string, string>>(dir, 'tools');
    store.save('id1', items(20_000, 'first'), []);
    await waitFor(() => readdirSync(dir).some((f) => f === 'id1.json') && !readdirSync(dir).some((f) => f.endsWith('.tmp')));
    const again = new LastSeenStore<Record<string, string>>(dir, 'tools').load('id1');
    expect(again?.items).toHaveLength(20_000);
    expect(again?.items[19_999]).toMatchObject({ name: 't19999' });
    expect(JSON.parse(readFileSync(join(dir, 'id1.json'), 'utf8')).savedAt).toMatch(/^\d{4}-/);
  });

  it('writes every byte: text of many scripts across steps, and one item larger than a step', async () => {
    const dir = scratch();
    const store = new LastSeenStore<Record<string, string>>(dir, 'tools');
    const list = [
      ...Array.from({ length: 5_000 }, (_, i) => ({ name: `t${i}`, description: `é中😀 ${i} ${'ж'.repeat(300)}` })),
      { name: 'big', description: '😀'.repeat(1_500_000) },
      { name: 'last', description: 'end' },
    ];
    store.save('id1', list, []);
    await waitFor(() => readdirSync(dir).includes('id1.json'));
    const text = readFileSync(join(dir, 'id1.json'), 'utf8');
    expect((JSON.parse(text) as { tools: unknown }).tools).toEqual(list);
    // Written as ASCII (each character past it as its escape), so that it reads back as a one-byte string.
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    // Written on close, the same.
    const closing = new LastSeenStore<Record<string, string>>(dir, 'tools');
    closing.save('id2', list, []);
    closing.flush();
    const closed = readFileSync(join(dir, 'id2.json'), 'utf8');
    expect(closed).toMatch(/^[\x00-\x7f]*$/);
    expect((JSON.parse(closed) as { tools: unknown }).tools).toEqual(list);
  });

  it('does not write a list again when a listing found the same items', async () => {
    const dir = scratch();
    const store = new LastSeenStore<Record<string, string>>(dir, 'tools');
    const list = items(2_000, 'one');
    store.save('id1', list, []);
    await waitFor(() => readdirSync(dir).includes('id1.json'));
    const written = statSync(join(dir, 'id1.json')).ino;
    // A re-list that kept every item (the same objects, in a new array): nothing to write.
    store.save('id1', [...list], []);
    await new Promise((r) => setTimeout(r, 800));
    expect(statSync(join(dir, 'id1.json')).ino).toBe(written);
    // One item changed: written again (an atomic rename makes a new file).
    store.save('id1', [...list.slice(0, -1), { name: 't1999', description: 'changed' }], []);
    await waitFor(() => statSync(join(dir, 'id1.json')).ino !== written);
    expect((JSON.parse(readFileSync(join(dir, 'id1.json'), 'utf8')) as { tools: { description: string }[] }).tools.at(-1)?.description).toBe('changed');
  });

  it('keeps the fingerprints beside the items, read back only when there is one per item', async () => {
    const dir = scratch();
    const store = new LastSeenStore<Record<string, string>>(dir, 'tools');
    const list = items(3, 'fp');
    const fps = ['a', 'b', 'c'].map((c) => c.repeat(64));
    store.save('id1', list, fps);
    await waitFor(() => readdirSync(dir).includes('id1.json'));
    expect(new LastSeenStore<Record<string, string>>(dir, 'tools').load('id1')).toEqual({ items: list, fingerprints: fps });
    // Written on close (the other way a list reaches the disk), the same.
    const closing = new LastSeenStore<Record<string, string>>(dir, 'tools');
    closing.save('id2', list, fps);
    closing.flush();
    expect(new LastSeenStore<Record<string, string>>(dir, 'tools').load('id2')).toEqual({ items: list, fingerprints: fps });
    // A file whose fingerprints do not match its items (or are not hashes) is read without them.
    writeFileSync(join(dir, 'id3.json'), JSON.stringify({ tools: list, fingerprints: fps.slice(1) }));
    writeFileSync(join(dir, 'id4.json'), JSON.stringify({ tools: list, fingerprints: ['x', 'y', 7] }));
    writeFileSync(join(dir, 'id5.json'), JSON.stringify({ tools: list }));
    for (const id of ['id3', 'id4', 'id5']) expect(new LastSeenStore<Record<string, string>>(dir, 'tools').load(id)).toEqual({ items: list });
  });

  it('a close during a stepped write still leaves the newest list on disk', async () => {
    const dir = scratch();
    const store = new LastSeenStore<Record<string, string>>(dir, 'tools');
    store.save('id1', items(30_000, 'newest'), []);
    // The stepped write has started (its temporary file exists) but not landed.
    await waitFor(() => readdirSync(dir).some((f) => f.endsWith('.tmp')));
    expect(readdirSync(dir)).not.toContain('id1.json');
    store.flush();
    const pin = new LastSeenStore<Record<string, string>>(dir, 'tools').load('id1');
    expect(pin?.items).toHaveLength(30_000);
    expect(pin?.items[0]!.description).toMatch(/^newest/);
    await waitFor(() => !readdirSync(dir).some((f) => f.endsWith('.tmp')));
    expect(readdirSync(dir)).toEqual(['id1.json']);
  });
});
