import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../support/index.js';

/**
 * Keeps arguments too large for the audit log in `audit-args/<hash>.json` of the data directory,
 * named by their hash (so written once, and checkable against the entry). Returns the relative path.
 */
export function keepArgsBeside(dataDir: string, hash: string, json: string): string {
  const rel = join('audit-args', `${hash}.json`);
  const path = join(dataDir, rel);
  if (!existsSync(path)) writeFileAtomic(path, json);
  return rel;
}
