import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AcceptedTools } from './accepted-tools.js';

const tool = (name: string, fingerprint: string) => ({ name, fingerprint, def: { name, description: `about ${name}` } });
const onDisk = (dir: string) => JSON.parse(readFileSync(join(dir, 'ident.json'), 'utf8')) as { tools: Record<string, { fingerprint: string; how?: string }> };

describe('AcceptedTools (the pins)', () => {
  it('counts pins taken at first sight at once and writes them in steps; a reader after the write sees them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pins-'));
    const store = new AcceptedTools(dir);
    const tools = Array.from({ length: 5000 }, (_, i) => ({ ...tool(`t${i}`, `f${i}`), how: 'first-seen' as const }));
    void store.firstSight('ident', tools);
    expect(store.get('ident')?.get('t4999')?.fingerprint).toBe('f4999');
    await store.idle();
    const file = onDisk(dir);
    expect(Object.keys(file.tools)).toHaveLength(5000);
    expect(file.tools.t17).toMatchObject({ fingerprint: 'f17', how: 'first-seen' });
    expect(new AcceptedTools(dir).get('ident')?.size).toBe(5000);
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
    expect(file.tools.t1).toMatchObject({ fingerprint: 'changed', how: 'accepted' });
    expect(Object.keys(file.tools)).toHaveLength(5000);
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
    expect(readFileSync(join(dir, 'ident.json'), 'utf8')).toMatch(ascii);
    store.accept('ident', [{ ...tool('naïve', 'fn'), how: 'accepted' }]);
    expect(readFileSync(join(dir, 'ident.json'), 'utf8')).toMatch(ascii);
    const back = new AcceptedTools(dir).get('ident');
    expect([...back!.keys()]).toEqual([...names, 'naïve']);
    expect(back!.get('emoji_😀')?.def).toEqual({ name: 'emoji_😀', description: 'about emoji_😀' });
  });
});
