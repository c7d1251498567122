import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AcceptedTools } from './accepted-tools.js';

const tool = (name: string, fingerprint: string) => ({
  name,
  fingerprint,
  def: { name, description: `about ${name}` },
});
/** The index on disk, and the definitions file it names. */
const onDisk = (dir: string) => {
  const index = JSON.parse(readFileSync(join(dir, 'ident.json'), 'utf8')) as {
    keys: string[];
    fingerprints: string;
    how: string;
    defs: string;
  };
  const fingerprints = index.fingerprints.split(' ');
  return {
    ...index,
    pin: (name: string) => ({
      fingerprint: fingerprints[index.keys.indexOf(name)],
      how: index.how[index.keys.indexOf(name)],
    }),
  };
};
const defsFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.defs'));

describe('AcceptedTools (the pins)', () => {
  it('counts pins taken at first sight at once and writes them in steps; a reader after the write sees them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pins-'));
    const store = new AcceptedTools(dir);
    const tools = Array.from({ length: 5000 }, (_, i) => ({
      ...tool(`t${i}`, `f${i}`),
      how: 'first-seen' as const,
      at: i < 10 ? 'early' : 'late',
    }));
    void store.firstSight('ident', tools);
    expect(store.get('ident')?.get('t4999')?.fingerprint).toBe('f4999');
    await store.idle();
    const file = onDisk(dir);
    expect(file.keys).toHaveLength(5000);
    expect(file.pin('t17')).toEqual({ fingerprint: 'f17', how: 'f' });
    const again = new AcceptedTools(dir);
    expect(again.get('ident')?.size).toBe(5000);
    expect(again.get('ident')?.get('t17')).toMatchObject({ fingerprint: 'f17', how: 'first-seen', at: 'late' });
    expect(again.get('ident')?.get('t9')).toMatchObject({ fingerprint: 'f9', how: 'first-seen', at: 'early' });
    expect(JSON.parse(readFileSync(join(dir, 'ident.json'), 'utf8'))).toMatchObject({
      ats: ['early', 'late'],
      atRuns: [0, 10, 1, 4990],
    });
    // The definitions are not read with the index: each when asked for.
    expect(again.get('ident')?.get('t17')?.def).toBeUndefined();
    expect(again.definition('ident', 't17')).toEqual(tools[17]!.def);
    // Once written, the first store lets its copies go and reads them back the same.
    expect(store.get('ident')?.get('t9')?.def).toBeUndefined();
    expect(store.definition('ident', 't9')).toEqual(tools[9]!.def);
  });

  it('drops a first-sight write that a later accept overtook: the accept is what stays on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pins-'));
    const store = new AcceptedTools(dir);
    const written = store.firstSight(
      'ident',
      Array.from({ length: 5000 }, (_, i) => tool(`t${i}`, `f${i}`)),
    );
    store.accept('ident', [{ ...tool('t1', 'changed'), how: 'accepted' }]);
    await written;
    await store.idle();
    const file = onDisk(dir);
    expect(file.pin('t1')).toEqual({ fingerprint: 'changed', how: 'a' });
    expect(file.keys).toHaveLength(5000);
    expect(defsFiles(dir)).toEqual([file.defs]);
    expect(new AcceptedTools(dir).definition('ident', 't4999')).toEqual(tool('t4999', '').def);
  });

  it('writes its files as ASCII, the names and definitions read back the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pins-'));
    const store = new AcceptedTools(dir);
    const names = ['café', '检索', 'emoji_😀'];
    await store.firstSight(
      'ident',
      names.map((n, i) => tool(n, `f${i}`)),
    );
    await store.idle();
    const ascii = /^[\x00-\x7f]*$/;
    const files = () => ['ident.json', ...defsFiles(dir)].map((f) => readFileSync(join(dir, f), 'utf8'));
    for (const text of files()) expect(text).toMatch(ascii);
    store.accept('ident', [{ ...tool('naïve', 'fn'), how: 'accepted' }]);
    for (const text of files()) expect(text).toMatch(ascii);
    const back = new AcceptedTools(dir);
    expect([...back.get('ident')!.keys()]).toEqual([...names, 'naïve']);
    expect(back.definition('ident', 'emoji_😀')).toEqual({ name: 'emoji_😀', description: 'about emoji_😀' });
    expect(back.definition('ident', 'naïve')).toEqual({ name: 'naïve', description: 'about naïve' });
  });

  it("a person's accept appends its definitions and writes the index again; what was written stays as it was", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pins-'));
    await new AcceptedTools(dir).firstSight(
      'ident',
      Array.from({ length: 2000 }, (_, i) => tool(`t${i}`, `f${i}`)),
    );
    const [defs] = defsFiles(dir);
    const before = readFileSync(join(dir, defs!), 'latin1');
    const next = new AcceptedTools(dir);
    next.accept('ident', [
      {
        name: 't5',
        fingerprint: 'f5b',
        def: { name: 't5', description: 'now it reads your mail' },
        how: 'accepted',
        at: '2026-11-27T05:00:00.000Z',
      },
    ]);
    // The same file, grown by one line.
    expect(defsFiles(dir)).toEqual([defs]);
    const after = readFileSync(join(dir, defs!), 'latin1');
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length)).toBe('{"name":"t5","description":"now it reads your mail"}\n');
    const third = new AcceptedTools(dir);
    expect(third.get('ident')?.get('t5')).toMatchObject({
      fingerprint: 'f5b',
      how: 'accepted',
      at: '2026-11-27T05:00:00.000Z',
    });
    // How and when each was pinned, read back in order around the one accepted.
    expect([4, 6].map((i) => third.get('ident')?.get(`t${i}`))).toEqual([
      expect.objectContaining({ how: undefined, at: undefined }),
      expect.objectContaining({ how: undefined, at: undefined }),
    ]);
    expect(third.definition('ident', 't5')).toEqual({ name: 't5', description: 'now it reads your mail' });
    expect(third.definition('ident', 't6')).toEqual(tool('t6', '').def);
    // Removed pins: the index written again without them; a later session does not have them.
    third.forget('ident', ['t6', 't7']);
    const fourth = new AcceptedTools(dir);
    expect(fourth.get('ident')?.size).toBe(1998);
    expect(fourth.get('ident')?.has('t6')).toBe(false);
    expect([...fourth.definitions('ident')!.values()].every((d) => d && typeof d.name === 'string')).toBe(true);
  });

  it('writes the definitions whole again once most of the file is no pin', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pins-'));
    const store = new AcceptedTools(dir);
    store.accept('ident', [tool('a', 'fa0')], true);
    const first = defsFiles(dir);
    // Each accept of one large definition leaves the one before it in the file, unnamed.
    const big = (i: number) => ({
      name: 'a',
      fingerprint: `fa${i}`,
      def: { name: 'a', description: 'x'.repeat(200_000) + i },
      how: 'accepted' as const,
    });
    for (let i = 1; i <= 8; i++) store.accept('ident', [big(i)]);
    const now = defsFiles(dir);
    expect(now).toHaveLength(1);
    expect(now).not.toEqual(first);
    expect(statSync(join(dir, now[0]!)).size).toBeLessThan(3 * 200_010);
    expect(new AcceptedTools(dir).definition('ident', 'a')).toEqual(big(8).def);
  });

  it('reads a file of before (every definition in it) and writes it again as an index and its definitions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pins-'));
    writeFileSync(
      join(dir, 'ident.json'),
      JSON.stringify({
        tools: { a: { fingerprint: 'fa', def: { name: 'a', description: 'A' }, how: 'accepted', at: 'then' } },
      }),
    );
    const store = new AcceptedTools(dir);
    expect(store.get('ident')?.get('a')).toMatchObject({ fingerprint: 'fa', how: 'accepted', at: 'then' });
    await store.idle();
    expect(onDisk(dir).keys).toEqual(['a']);
    expect(new AcceptedTools(dir).definition('ident', 'a')).toEqual({ name: 'a', description: 'A' });
  });

  it('an unreadable file counts no pin (every tool waits for the person), and an index naming a file elsewhere is unreadable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pins-'));
    writeFileSync(join(dir, 'ident.json'), '{"tools": ');
    expect(new AcceptedTools(dir).get('ident')?.size).toBe(0);
    writeFileSync(
      join(dir, 'ident.json'),
      JSON.stringify({
        kept: 2,
        savedAt: 'x',
        defs: '../../etc/ident.0000abcd.defs',
        keys: ['a'],
        fingerprints: ['fa'],
        spans: [0, 10],
      }),
    );
    expect(new AcceptedTools(dir).get('ident')?.size).toBe(0);
    expect(new AcceptedTools(dir).get('other')).toBeNull();
  });
});
