/**
 * Part of `npm run build:node`: compiles the console's one native helper (electron/launch/malloc-trim.c)
 * to `out/native/malloc-trim.node`, on Linux where a C compiler is found (`$CC`, else `cc`). Nothing
 * needs it to work: where it is not built, `serve` runs with glibc's own trimming and holds more memory
 * once a catalog was listed. So a missing compiler, or one that fails, is said in one line and the build
 * goes on. Node's headers are not needed (the source declares the Node-API functions it calls).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const SOURCE = resolve('electron/launch/malloc-trim.c');
const OUT = resolve('out/native/malloc-trim.node');

function build(): string | null {
  rmSync(OUT, { force: true });
  if (process.platform !== 'linux')
    return `not built on ${process.platform}: it tunes glibc's malloc, which only Linux has`;
  // $CC may carry words of its own ("ccache gcc"), as make takes it.
  const cc = process.env.CC?.trim() || 'cc';
  const [command, ...words] = cc.split(/\s+/) as [string, ...string[]];
  mkdirSync(resolve('out/native'), { recursive: true });
  const r = spawnSync(command, [...words, '-O2', '-shared', '-fPIC', '-Wall', '-Wextra', '-o', OUT, SOURCE], {
    encoding: 'utf8',
  });
  if (r.error)
    return `not built: no C compiler (${cc}) was found, so serve keeps glibc's own trimming (apt-get install gcc to build it)`;
  if (r.status !== 0) return `not built: ${cc} failed, so serve keeps glibc's own trimming:\n${r.stderr.trim()}`;
  return null;
}

const why = build();
if (why) console.log(`out/native/malloc-trim.node ${why}`);
