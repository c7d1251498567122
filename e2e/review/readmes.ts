import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The READMEs of the packages this repository installs, top level and scoped, sorted: documentation written
 * elsewhere, full of orders to its reader, the same corpus on every machine that installs from the lock.
 */
export function installedReadmes(root = 'node_modules'): string[] {
  const out: string[] = [];
  const look = (dir: string) => {
    const f = ['README.md', 'readme.md', 'Readme.md'].map((n) => join(dir, n)).find((x) => existsSync(x));
    if (f) out.push(f);
  };
  for (const d of readdirSync(root).sort()) {
    if (d.startsWith('.')) continue;
    if (d.startsWith('@')) for (const s of readdirSync(join(root, d)).sort()) look(join(root, d, s));
    else look(join(root, d));
  }
  return out;
}
