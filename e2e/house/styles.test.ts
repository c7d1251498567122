import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each feature owns its styles: a rule that only one feature's views use lives in that feature's
 * CSS (imported by its views, loaded with its script), and a feature's CSS styles only what that
 * feature draws (another feature's view, loaded without it, would go unstyled).
 */
const RENDERER = join(process.cwd(), 'renderer');

function files(dir: string, ends: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && ends.some((e) => d.name.endsWith(e)) && !d.name.includes('.test.'))
    .map((d) => join(d.parentPath, d.name))
    .filter((f) => !f.includes(`${sep}test-support${sep}`));
}

/** Who draws with a file's classes: a feature's folder name, or 'shared' for the shell and the components. */
function ownerOf(file: string): string {
  const [top, name] = relative(RENDERER, file).split(sep);
  return top === 'features' ? name! : 'shared';
}

const sources = files(RENDERER, ['.ts', '.tsx']).map((f) => ({ owner: ownerOf(f), text: readFileSync(f, 'utf8') }));
const users = new Map<string, Set<string>>();
/** The owners whose sources name a class (a word of its own: not part of a longer name). */
function usersOf(cls: string): Set<string> {
  let u = users.get(cls);
  if (!u) {
    const word = new RegExp(`(?<![\\w-])${cls.replace(/[-]/g, '\\-')}(?![\\w-])`);
    u = new Set(sources.filter((s) => word.test(s.text)).map((s) => s.owner));
    users.set(cls, u);
  }
  return u;
}

/** Every selector of a stylesheet (inside @media too), without comments and declarations. */
function selectors(css: string): string[] {
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...bare.matchAll(/([^{}]+)\{[^{}]*\}/g)].map((m) => m[1]!.trim()).filter((s) => !s.startsWith('@'));
}
const classesOf = (selector: string) => [...new Set([...selector.matchAll(/\.([a-zA-Z_][\w-]*)/g)].map((m) => m[1]!))];

describe('styles (CONTRIBUTING)', () => {
  it('keeps in the shared stylesheet no rule that one feature alone uses', () => {
    const own = selectors(readFileSync(join(RENDERER, 'styles.css'), 'utf8')).filter((sel) => {
      const classes = classesOf(sel);
      if (classes.length === 0) return false;
      const who = new Set(classes.flatMap((c) => [...usersOf(c)]));
      return classes.every((c) => usersOf(c).size > 0) && who.size === 1 && !who.has('shared');
    });
    expect(own).toEqual([]);
  });

  it("styles in a feature's CSS only what that feature draws", () => {
    const featureCss = files(join(RENDERER, 'features'), ['.css']);
    expect(featureCss.length).toBeGreaterThan(5);
    const strays = featureCss.flatMap((f) => {
      const owner = ownerOf(f);
      return selectors(readFileSync(f, 'utf8')).flatMap((sel) =>
        classesOf(sel)
          .filter((c) => [...usersOf(c)].some((u) => u !== owner))
          .map((c) => `${relative(RENDERER, f)}: .${c} is drawn by ${[...usersOf(c)].join(', ')}`),
      );
    });
    expect(strays).toEqual([]);
  });
});
