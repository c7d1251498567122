import { resolve } from 'node:path';
import { findElectron } from '../../electron/launch/start.js';

/** Says once, up front, what will be skipped and why. */
export default function globalSetup(): void {
  if (!findElectron(resolve('.'))) {
    process.stdout.write(
      'note: e2e/specs/electron.spec.ts is skipped: the Electron binary is not on this machine (it cannot be downloaded here); set ELECTRON_PATH to run it.\n',
    );
  }
}
