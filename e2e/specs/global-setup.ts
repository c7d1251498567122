import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Says once, up front, what will be skipped and why. */
export default function globalSetup(): void {
  const pkg = resolve('node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  const has = process.env.ELECTRON_PATH ? existsSync(process.env.ELECTRON_PATH) : existsSync(pathFile) && existsSync(join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim()));
  if (!has) process.stdout.write('note: e2e/specs/electron.spec.ts is skipped: the Electron binary is not on this machine (it cannot be downloaded here); set ELECTRON_PATH to run it.\n');
}
