import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { check, resolveConfig } from 'prettier';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('.');

/** Lints text as if it were the file at `path` (rules that need types are off: the file is not in a project). */
async function lint(path: string, text: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }],
  });
  const [r] = await eslint.lintText(text, { filePath: resolve(ROOT, path) });
  return r!.messages.map((m) => m.ruleId ?? m.message);
}

describe('the lint rules', () => {
  it('refuse raw HTML from React in the renderer', async () => {
    const rules = await lint(
      'renderer/features/results/Planted.tsx',
      'export const P = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;\n',
    );
    expect(rules).toContain('no-restricted-syntax');
  });

  it('refuse unsanitised DOM sinks in the renderer', async () => {
    const rules = await lint(
      'renderer/components/planted.ts',
      'export function show(el: HTMLElement, text: string): void {\n  el.innerHTML = text;\n  el.insertAdjacentHTML("beforeend", text);\n}\n',
    );
    expect(rules).toEqual(expect.arrayContaining(['no-unsanitized/property', 'no-unsanitized/method']));
  });

  it('refuse a hook called conditionally', async () => {
    const rules = await lint(
      'renderer/features/catalog/Planted.tsx',
      "import { useState } from 'react';\nexport function P({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
    );
    expect(rules).toContain('react-hooks/rules-of-hooks');
  });

  it('refuse IPC modules outside the shell entry files, and browser or Node globals in shared/', async () => {
    expect(
      await lint(
        'electron/hosts/desktop/main/planted.ts',
        "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await lint(
        'electron/hosts/desktop/main/index.ts',
        "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n",
      ),
    ).not.toContain('no-restricted-imports');
    expect(await lint('shared/planted.ts', 'export const where = window.location.href + process.cwd();\n')).toEqual([
      'no-restricted-globals',
      'no-restricted-globals',
    ]);
  });

  it('find a promise nobody awaits, with type information', async () => {
    const eslint = new ESLint({ cwd: ROOT, ignore: false });
    const [r] = await eslint.lintFiles(['e2e/planted/floating-promise.ts']);
    expect(r!.messages.map((m) => m.ruleId)).toEqual(['@typescript-eslint/no-floating-promises']);
  });

  it('refuse a file over 400 lines and a function over 100 (80 for a view), but not in a test', async () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');
    const fn = (n: number) => `export function f(): number {\n  let x = 0;\n${body(n)}\n  return x;\n}\n`;
    expect(await lint('electron/core/catalog/planted.ts', fn(95))).toEqual([]);
    expect(await lint('electron/core/catalog/planted.ts', fn(101))).toEqual(['max-lines-per-function']);
    expect(await lint('renderer/features/catalog/Planted.tsx', fn(75))).toEqual([]);
    expect(await lint('renderer/features/catalog/Planted.tsx', fn(81))).toEqual(['max-lines-per-function']);
    expect(await lint('electron/core/catalog/planted.test.ts', fn(200))).toEqual([]);
    const long = Array.from({ length: 401 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    expect(await lint('electron/core/catalog/planted.test.ts', long)).toEqual(['max-lines']);
  });

  it('pass clean code', async () => {
    expect(
      await lint(
        'renderer/components/planted.tsx',
        'export const P = ({ text }: { text: string }) => <p title={text}>{text}</p>;\n',
      ),
    ).toEqual([]);
  });

  it('the format check refuses a file Prettier would change, and passes one it would not', async () => {
    const path = resolve(ROOT, 'shared/planted.ts');
    const options = { ...(await resolveConfig(path)), filepath: path };
    expect(await check('export const  x = {a:1}\n', options)).toBe(false);
    expect(await check('export const x = { a: 1 };\n', options)).toBe(true);
  });
});
