import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCore } from '../../e2e/harness/harness.js';
import { findElectron, obtainElectron } from './start.js';

describe('npm start finds Electron without requiring it', () => {
  const h = makeCore();
  afterAll(() => h.dispose());
  it('finds the binary only when path.txt and the file both exist', () => {
    const root = join(h.dataDir, 'app');
    const pkg = join(root, 'node_modules', 'electron');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    expect(findElectron(root, {})).toBeNull();
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    expect(findElectron(root, {})).toBeNull();
    writeFileSync(join(pkg, 'dist', 'electron'), '');
    expect(findElectron(root, {})).toBe(join(pkg, 'dist', 'electron'));
    expect(findElectron(root, { ELECTRON_PATH: join(root, 'nope') })).toBeNull();
    expect(findElectron(join(h.dataDir, 'elsewhere'), { ELECTRON_PATH: join(pkg, 'dist', 'electron') })).toBe(
      join(pkg, 'dist', 'electron'),
    );
  });
  it('reports failure when the download cannot happen', () => {
    const root = join(h.dataDir, 'empty');
    mkdirSync(root);
    expect(obtainElectron(root, 5000)).toBe(false);
  });
});
