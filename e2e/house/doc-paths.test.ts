import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The code and the docs point only at what a clone has: a comment naming a file outside the
 * repository (the house's own notes beside it) sends a newcomer nowhere, and a path a move left
 * behind sends them to the wrong room.
 */
const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const source = tracked.filter(
  (f) => /^(shared|electron|renderer|e2e)\/.*\.(ts|tsx)$/.test(f) || /^[A-Z]+\.md$/.test(f),
);

describe('paths the code and the docs name', () => {
  it('name no document outside the repository but to say it is outside', () => {
    // AUTOMATION.md is this repository's; the house's notes beside it are named only in lower case.
    const outside = /(?:automation|house-style|stack-notes)\.md\b/;
    const hits = source.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          outside.test(line) && !/outside this repository/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(hits).toEqual([]);
  });

  it("name only folders that exist, in ARCHITECTURE.md's and CONTRIBUTING.md's backticks", () => {
    const missing: string[] = [];
    for (const doc of ['ARCHITECTURE.md', 'CONTRIBUTING.md']) {
      const text = execFileSync('git', ['show', `:${doc}`], { encoding: 'utf8' });
      for (const m of text.matchAll(/`((?:electron|renderer|shared|e2e)\/[A-Za-z0-9_./<>-]*?)`/g)) {
        const path = m[1]!.replace(/\/$/, '');
        if (path.includes('<') || path.includes('*')) continue;
        if (!existsSync(path)) missing.push(`${doc}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
