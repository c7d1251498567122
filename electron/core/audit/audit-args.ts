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

/**
 * The call manager's `keepArgs`: keeps large arguments beside the log while the setting allows it;
 * a failure to write them is reported (as an internal error) and the entry keeps only their hash.
 */
export function argsKeeper(
  dataDir: string,
  allowed: () => boolean,
  trail: { internalError(what: string, e: unknown): void },
) {
  return (hash: string, json: string): string | undefined => {
    if (!allowed()) return undefined;
    try {
      return keepArgsBeside(dataDir, hash, json);
    } catch (e) {
      trail.internalError('keeping large arguments beside the audit log', e);
      return undefined;
    }
  };
}
