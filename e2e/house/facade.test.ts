import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * ConsoleCore is the hosts' facade, not a test door: each of its public methods has a caller in
 * code that ships (a host, an entry, the core's own start-up). A shortcut only tests use belongs on
 * TestCore (electron/core/testing.ts). A method added tomorrow with no shipped caller fails here.
 */
function shippedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe("ConsoleCore's methods", () => {
  const facade = readFileSync('electron/core/console-core.ts', 'utf8');
  const klass = facade.slice(
    facade.indexOf('export class ConsoleCore'),
    facade.indexOf('\n}\n', facade.indexOf('export class ConsoleCore')),
  );
  const methods = [...klass.matchAll(/^ {2}(?:async )?([a-zA-Z]+)(?:<[^>]*>)?\(/gm)]
    .map((m) => m[1]!)
    .filter((n) => n !== 'constructor');
  const shipped = [
    ...shippedFiles('electron/hosts'),
    ...shippedFiles('electron/launch'),
    ...shippedFiles('electron/core'),
  ]
    .filter((f) => !f.endsWith('console-core.ts') && !f.endsWith('testing.ts'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');

  it('are read from the class (the facade is a handful, not a test door)', () => {
    expect(methods).toContain('handlers');
    expect(methods).toContain('ask');
    expect(methods.length).toBeLessThanOrEqual(20);
  });

  it('each have a caller in shipped code', () => {
    // Called on a core (`core.x(`, `this.core.x(`, `freshCore.x(`): another object's method of the same name does not
    // count.
    const unused = methods.filter((m) => !new RegExp(`[cC]ore\\??\\.${m}\\(`).test(shipped));
    expect(unused, 'move these to TestCore (electron/core/testing.ts)').toEqual([]);
  });
});
