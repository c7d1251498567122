import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * One line width, kept by the formatter: Prettier wraps code at `printWidth` (checked by `npm run format:check`),
 * and this test keeps what Prettier leaves alone. A comment is never wider (the formatter does not wrap prose);
 * a line of code is wider only where a string, template or regular expression will not break, and only by what
 * that literal holds.
 */
const WIDTH = (JSON.parse(readFileSync('.prettierrc.json', 'utf8')) as { printWidth: number }).printWidth;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** A node Prettier prints as it stands: a string, a template (its \`\${}\` parts too), a pattern, JSX text. */
const isLiteral = (node: ts.Node): boolean =>
  ts.isStringLiteralLike(node) ||
  ts.isTemplateExpression(node) ||
  ts.isRegularExpressionLiteral(node) ||
  ts.isJsxText(node);

/** Where the literals of a source are (strings, templates, regular expressions, JSX text), as [start, end) offsets. */
function literalSpans(file: string, text: string): Array<[number, number]> {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : undefined,
  );
  const spans: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (isLiteral(node)) return void spans.push([node.getStart(source), node.getEnd()]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/**
 * The lines of these sources wider than the width that the formatter could have kept: what is left of a line once
 * its literals are taken out (a comment is never taken out) must fit.
 */
export function tooWide(files: Array<{ file: string; text: string }>, width: number): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    const lines = text.split('\n');
    if (!lines.some((l) => l.length > width)) continue;
    const spans = literalSpans(file, text);
    let at = 0;
    lines.forEach((line, i) => {
      const start = at;
      at += line.length + 1;
      if ([...line].length <= width) return;
      let inLiterals = 0;
      for (const [a, b] of spans) inLiterals += Math.max(0, Math.min(b, start + line.length) - Math.max(a, start));
      if ([...line].length - inLiterals > width) out.push(`${file}:${i + 1}`);
    });
  }
  return out;
}

describe('the line width', () => {
  it('is 120 columns at most', () => {
    expect(WIDTH).toBeLessThanOrEqual(120);
  });

  it('holds for every comment and every line of code but its literals', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
      .split('\0')
      .filter((f) => SOURCE.test(f) && !f.startsWith('e2e/planted/'));
    expect(files.length).toBeGreaterThan(500);
    expect(
      tooWide(
        files.map((file) => ({ file, text: readFileSync(file, 'utf8') })),
        WIDTH,
      ),
    ).toEqual([]);
  });

  it('refuses a wide comment and a wide call, not a wide string, template or pattern', () => {
    const long = 'x'.repeat(130);
    const wide = (text: string) => tooWide([{ file: 'planted.ts', text }], 120);
    expect(wide(`const s = '${long}';\nconst t = \`a\n${long}\n\`;\nconst r = /${long}/;\n`)).toEqual([]);
    expect(wide(`// ${long}\n`)).toEqual(['planted.ts:1']);
    expect(wide(`const s = 'short'; // ${long}\n`)).toEqual(['planted.ts:1']);
    expect(wide(`call(${'a, '.repeat(50)}'short');\n`)).toEqual(['planted.ts:1']);
  });
});
