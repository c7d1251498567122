import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, sourceFiles } from './source-files.js';

/**
 * A PostgreSQL connection the server cuts (a restart, a failover) emits 'error'; with nobody listening, that ends the
 * process (a `pg_ctl restart` under load took an instance down this way). So: a connection is checked out of a pool
 * only by TeamStore.withClient (it listens while the connection is out, and destroys one that failed), and every
 * Client or Pool made in shipped code has an 'error' listener in the same file.
 */
const DOOR = 'electron/core/team/team-store.ts';

const code = codeOf;

/** What in one file's code leaves a connection's 'error' unheard. */
export function unheard(text: string, door: boolean): string[] {
  const c = code(text);
  const found: string[] = [];
  if (!door && /\bpool\.connect\s*\(/i.test(c)) found.push('checks a connection out of a pool itself');
  const made = (c.match(/new\s+\w+\.(?:Client|Pool)\s*\(/g) ?? []).length;
  const heard = (c.match(/\.on\(\s*'error'/g) ?? []).length;
  if (made > heard) found.push(`makes ${made} connections or pools and listens for 'error' on ${heard}`);
  return found;
}

describe('PostgreSQL connections', () => {
  it("are all heard when they fail: checked out only through the store's door, every one made with a listener", () => {
    const root = new URL('../../', import.meta.url).pathname;
    const offenders = sourceFiles(join(root, 'electron'))
      .map((f) => relative(root, f))
      .flatMap((rel) => unheard(readFileSync(join(root, rel), 'utf8'), rel === DOOR).map((why) => `${rel}: ${why}`));
    expect(offenders).toEqual([]);
    // The door itself listens while a connection is out.
    expect(code(readFileSync(join(root, DOOR), 'utf8'))).toMatch(/client\.on\('error', onError\)/);
  });

  it('is caught when planted', () => {
    expect(unheard('const c = await this.store.pool.connect();', false)).toHaveLength(1);
    expect(unheard('const c = new pg.Client({}); c.connect();', false)).toHaveLength(1);
    expect(unheard("const c = new pg.Client({}); c.on('error', () => {});", false)).toEqual([]);
  });
});
