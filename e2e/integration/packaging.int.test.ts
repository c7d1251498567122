import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const cfg = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, Record<string, unknown> & unknown[]>;

describe('packaging (electron-builder cannot download Electron here; the config and the build output are checked)', () => {
  it('targets AppImage and deb, dmg, nsis, with the app id, name and category', () => {
    expect(cfg.appId).toBe('dev.mcpconsole.app');
    expect(cfg.productName).toBe('MCP Console');
    expect(cfg.linux!.target).toEqual(['AppImage', 'deb']);
    expect(cfg.linux!.category).toBe('Development');
    expect(cfg.mac!.target).toEqual(['dmg']);
    expect(cfg.mac!.category).toBe('public.app-category.developer-tools');
    expect(cfg.win!.target).toEqual(['nsis']);
  });

  it('sets the release fuses', () => {
    expect(cfg.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
    expect(cfg.asar).toBe(true);
  });

  it('has an icon in every size each platform wants, from one source', () => {
    for (const s of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const png = readFileSync(`assets/icons/${s}x${s}.png`);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([s, s]);
    }
    expect(existsSync(String(cfg.mac!.icon))).toBe(true);
    expect(existsSync(String(cfg.win!.icon))).toBe(true);
    expect(existsSync('assets/icon.svg')).toBe(true);
  });

  it('packs the built app, and the main process needs only runtime dependencies, Node and Electron', () => {
    expect(pkg.main).toBe('out/main/index.js');
    for (const f of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'])
      expect(existsSync(f), f).toBe(true);
    expect(cfg.files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**']));
    const main = readFileSync('out/main/index.js', 'utf8');
    const specifiers = [...main.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    expect(specifiers.length).toBeGreaterThan(0);
    const allowed = (s: string) =>
      s === 'electron' ||
      s.startsWith('node:') ||
      builtinModules.includes(s) ||
      Object.keys(pkg.dependencies).some((d) => s === d || s.startsWith(`${d}/`));
    expect(specifiers.filter((s) => !allowed(s))).toEqual([]);
  });

  it('keeps everything the renderer bundles out of the runtime dependencies', () => {
    for (const dev of ['react', 'react-dom', 'monaco-editor', '@rjsf/core', 'zustand', 'electron', 'vite']) {
      expect(pkg.dependencies[dev], dev).toBeUndefined();
      expect(pkg.devDependencies[dev], dev).toBeDefined();
    }
  });

  it('loads the sandboxed preload as CommonJS', () => {
    const preload = readFileSync('out/preload/index.cjs', 'utf8');
    expect(preload).toMatch(/require\("electron"\)/);
    expect(preload).not.toMatch(/^import\s/m);
  });

  it('packs the command line: bin/mcp-console.js loads the bundle of out/cli, and that bundle needs only runtime dependencies and Node', () => {
    const bin = readFileSync('bin/mcp-console.js', 'utf8');
    expect(bin).toMatch(/import\('\.\.\/out\/cli\/mcp-console\.js'\)/);
    expect(bin).toMatch(/import\('\.\.\/out\/cli\/malloc-trim\.js'\)/);
    expect(cfg.files).toEqual(expect.arrayContaining(['bin/**', 'out/cli/**']));
    const chunks = readdirSync('out/cli').filter((f) => f.endsWith('.js'));
    expect(chunks).toEqual(expect.arrayContaining(['mcp-console.js', 'review-worker.js', 'malloc-trim.js']));
    const packages = chunks.flatMap((f) =>
      [
        ...readFileSync(join('out/cli', f), 'utf8').matchAll(
          /^(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(['"]([^'"]+)['"]\)/gm,
        ),
      ]
        .map((m) => m[1] ?? m[2]!)
        .filter((spec) => !spec.startsWith('./')),
    );
    const allowed = (spec: string) =>
      spec.startsWith('node:') ||
      builtinModules.includes(spec) ||
      Object.keys(pkg.dependencies).some((d) => spec === d || spec.startsWith(`${d}/`));
    expect(packages.length).toBeGreaterThan(0);
    expect([...new Set(packages.filter((spec) => !allowed(spec)))]).toEqual([]);
  });

  it("bundles the SDK as ASCII; the client's copy of Ajv is left out (the console checks schemas itself)", () => {
    const files = readdirSync('out/cli').filter((f) => f.endsWith('.js'));
    const chunks = new Map(files.map((f) => [f, readFileSync(join('out/cli', f), 'utf8')]));
    // In the bundle: no chunk loads an SDK package or zod (their UTF-8 files were two-byte strings in V8).
    expect(
      [...chunks]
        .filter(([, c]) => /^import\s[^'"]*?from\s*['"](?:@modelcontextprotocol\/|zod)/m.test(c))
        .map(([f]) => f),
    ).toEqual([]);
    expect([...chunks.values()].some((c) => /var Client = class extends Protocol/.test(c))).toBe(true);
    // The client's default validator is the shim that refuses. Ajv's code is only in the SDK server's
    // chunk, which serve loads when an agent first comes (the server package's own default).
    expect([...chunks.values()].some((c) => c.includes('MCP Console checks JSON Schemas itself'))).toBe(true);
    const ajv = [...chunks]
      .filter(([, c]) => /AjvJsonSchemaValidator|function createDefaultAjvInstance/.test(c))
      .map(([f]) => f);
    expect(ajv.filter((f) => !/^agent-server-/.test(f))).toEqual([]);
  });

  it('writes every script it builds as ASCII, so that V8 holds its source at one byte a character', () => {
    // The command line's bundle, the desktop app's main and preload, the page and its workers (the
    // page's renderer held 5 MB more with the JSON editor shown when its scripts were UTF-8).
    const dirs = ['out/cli', 'out/main', 'out/preload', 'out/renderer/assets'];
    const scripts = dirs.flatMap((d) =>
      readdirSync(d)
        .filter((f) => /\.c?js$/.test(f))
        .map((f) => join(d, f)),
    );
    for (const d of dirs)
      expect(
        scripts.some((f) => f.startsWith(d)),
        `${d} holds scripts`,
      ).toBe(true);
    expect(scripts.filter((f) => /[^\x00-\x7f]/.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
