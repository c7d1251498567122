import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every source file under `dir` that `take` admits (TypeScript by default), tests left out. */
export function sourceFiles(dir: string, take = /\.tsx?$/, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, take, out);
    else if (take.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** A file's text with its comments left out (what it does, not what it says). */
export const codeOf = (text: string) => text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
