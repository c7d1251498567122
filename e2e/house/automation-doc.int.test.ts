import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../electron/hosts/cli/main.js';

const doc = readFileSync('AUTOMATION.md', 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

describe('AUTOMATION.md', () => {
  const renderer = sources('renderer')
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const section = doc.slice(doc.indexOf('## UI handles'));
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  const handles = rows.flatMap((r) => [...r.split('|')[1]!.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!));

  it('names UI handles that the page has', () => {
    expect(handles.length).toBeGreaterThan(40);
    const missing = handles.filter((h) => {
      if (renderer.includes(`"${h}"`) || renderer.includes(`'${h}'`)) return false;
      // Handles made from a template: data-testid={`tab-${t}`} with t one of the quoted names.
      const m = /^(tab|mark)-(.+)$/.exec(h);
      return !(m && renderer.includes(`\`${m[1]}-\${`) && new RegExp(`\\b${m[2]}\\b`).test(renderer));
    });
    expect(missing).toEqual([]);
  });

  it('lists every command the command line has, and no other', () => {
    const documented = [...doc.matchAll(/^\| `mcp-console ([a-z]+)/gm)].map((m) => m[1]);
    const usage = [...USAGE.matchAll(/^ {2}mcp-console ([a-z]+)/gm)].map((m) => m[1]);
    expect(new Set(documented)).toEqual(new Set(usage));
  });
});
