/**
 * `npm start`: the desktop app where the Electron runtime exists (or can be downloaded), else browser
 * mode, saying so in one sentence. Never requires the 'electron' package (that would download it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitWhenWritten } from './exit-written.js';
import { holdMallocTrim } from './malloc-trim.js';
import { runCommandLine } from './mcp-console.js';

/** The app's root: out/node/electron/launch -> four levels up. */
export const APP_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/**
 * The Electron binary if it is on disk (ELECTRON_PATH, else the package's), without requiring the package; null
 * otherwise.
 */
export function findElectron(root = APP_ROOT, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.ELECTRON_PATH) return existsSync(env.ELECTRON_PATH) ? env.ELECTRON_PATH : null;
  const pkg = join(root, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const bin = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : null;
}

/** Tries the electron package's own download once (bounded in time); true when the binary is then there. */
export function obtainElectron(root = APP_ROOT, timeoutMs = 180_000): boolean {
  const install = join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(install)) return false;
  const r = spawnSync(process.execPath, [install], {
    cwd: join(root, 'node_modules', 'electron'),
    stdio: 'ignore',
    timeout: timeoutMs,
  });
  return r.status === 0 && findElectron(root) !== null;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const bin = findElectron() ?? (obtainElectron() ? findElectron() : null);
  if (bin) {
    const child = spawn(bin, [APP_ROOT, ...args], { stdio: 'inherit' });
    child.on('exit', (code, signal) => void exitWhenWritten(code ?? (signal ? 1 : 0)));
    return;
  }
  console.log(
    'The Electron runtime could not be obtained on this machine, so MCP Console is starting in browser mode instead: open the address below.',
  );
  // Browser mode's core runs in this process (the desktop app's main process allocates with Chromium's own allocator).
  holdMallocTrim(join(APP_ROOT, 'out', 'native', 'malloc-trim.node'));
  await exitWhenWritten(await runCommandLine(['serve', ...args]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
