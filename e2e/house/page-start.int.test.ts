import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The page's start is a few tasks of parse, compile and run of the scripts index.html loads and of
 * those its entry imports as it starts (main.tsx: React's, then the console's); it must stay short
 * (no main-thread task over 50 ms: `npm run bench` measures it in Chromium). What keeps it short is
 * structural, and checked here on the built page: the libraries that only some views need (zod for
 * a trace import, rjsf for a form, Monaco for the JSON editor) are in scripts of their own, loaded
 * later, and what loads first stays within a budget.
 */
const OUT = resolve('out/renderer');
/** The bytes the first scripts may weigh (289 KB when this was written, from 723 KB). */
const BUDGET = 400 * 1024;

function firstScripts(): string[] {
  const html = readFileSync(join(OUT, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]*\ssrc="\.\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\.\/([^"]+)"/g),
  ].map((m) => m[1]!);
  expect(srcs.length).toBeGreaterThan(0);
  // The scripts the entry imports as the page starts: Vite lists them (and their own imports) in the
  // entry's __vite__mapDeps; the views loaded later are listed in the scripts that load them.
  const entry = readFileSync(join(OUT, srcs[0]!), 'utf8');
  const deps = /__vite__mapDeps=[^[]*\[([^\]]*)\]/.exec(entry)?.[1] ?? '';
  const started = [...deps.matchAll(/"\.\/([^"]+\.js)"/g)].map((m) => `assets/${m[1]!}`);
  expect(
    started.some((s) => /\/start-[^/]+\.js$/.test(s)),
    "the entry imports the console's start",
  ).toBe(true);
  return [...new Set([...srcs, ...started])];
}

describe("the page's first scripts", () => {
  it('hold none of the libraries only some views need', () => {
    for (const src of firstScripts()) {
      const js = readFileSync(join(OUT, src), 'utf8');
      expect(js.includes('ZodError'), `${src} holds zod`).toBe(false);
      expect(js.includes('rjsf'), `${src} holds rjsf`).toBe(false);
      expect(/monaco/i.test(js), `${src} holds Monaco`).toBe(false);
    }
  });

  it('stay within their budget', () => {
    const bytes = firstScripts().reduce((n, src) => n + statSync(join(OUT, src)).size, 0);
    expect(bytes).toBeLessThan(BUDGET);
  });
});
