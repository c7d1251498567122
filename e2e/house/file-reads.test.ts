import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files.js';

/**
 * Every file the console reads that someone else can place goes through one door
 * (`electron/core/support/placed-file.ts`): opened without blocking, a regular file only, a size
 * limit. A new `readFileSync`, `readFile` or `createReadStream` anywhere in shipped code fails here
 * unless it is listed below with the reason it reads only what the console itself shipped or wrote.
 */
const ALLOWED: Record<string, string> = {
  'electron/core/support/version.ts': "the console's own package.json, inside the installed app",
  'electron/core/support/loopback.ts': "/proc/<pid>/stat: the kernel's file, never a placed one",
  'electron/launch/start.ts': 'the path file inside the installed electron package',
  'electron/hosts/web/page-wire.ts': "the page's own files, resolved inside the app root, streamed (off the loop)",
  'electron/hosts/desktop/main/protocol.ts': "the page's own files inside the app bundle, read asynchronously",
  'electron/core/audit/shipping/shipper.ts': 'the audit log this console writes, read as an asynchronous stream',
};

describe('file reads', () => {
  it('reads every placed file through the one door, and lists each exception with its reason', () => {
    const root = new URL('../../', import.meta.url).pathname;
    const offenders: string[] = [];
    for (const f of [...sourceFiles(join(root, 'electron')), ...sourceFiles(join(root, 'shared'))]) {
      const rel = relative(root, f);
      const text = readFileSync(f, 'utf8');
      if (
        /\b(?:readFileSync|readFile|createReadStream)\b/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')) &&
        !ALLOWED[rel]
      )
        offenders.push(rel);
    }
    expect(offenders).toEqual([]);
    // An exception that no longer reads anything is taken off the list.
    for (const rel of Object.keys(ALLOWED))
      expect(readFileSync(join(root, rel), 'utf8'), rel).toMatch(/readFileSync|readFile|createReadStream/);
  });
});
