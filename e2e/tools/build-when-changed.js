// `npm start` (and `npm run serve`, `npm run dev`) build only when a source changed since the last build: the sizes
// and modification times of every input, with Node's version, make a stamp kept beside the build (out/.build-stamp).
// A start with nothing changed reads the tree (a few hundred milliseconds) and goes; otherwise it says what changed
// and runs `npm run build`. Plain JavaScript: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const STAMP = join(ROOT, 'out', '.build-stamp');
/** What the build reads: the code, its assets and the files that configure the compilers and bundlers. */
const DIRS = ['shared', 'electron', 'renderer', 'e2e', 'assets', 'bin'];
const FILES = ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'electron-builder.yml'];
/** Built outputs: without them the build is not there, whatever the stamp says. */
const OUTPUTS = ['out/node/electron/launch/start.js', 'out/node/electron/hosts/cli/main.js', 'out/renderer/index.html'];

/** Every input file with its size and modification time, sorted, one per line. */
export function inputs(root = ROOT) {
  const lines = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'test-results' && e.name !== 'playwright-report') walk(p);
      } else if (e.isFile()) {
        const s = statSync(p);
        lines.push(`${relative(root, p)} ${s.size} ${Math.trunc(s.mtimeMs)}`);
      }
    }
  };
  for (const d of DIRS) walk(join(root, d));
  for (const f of [...FILES, ...readdirSync(root).filter((n) => /^tsconfig.*\.json$/.test(n))]) {
    const p = join(root, f);
    if (existsSync(p)) lines.push(`${f} ${statSync(p).size} ${Math.trunc(statSync(p).mtimeMs)}`);
  }
  return lines.sort();
}

/** The stamp of the inputs as they are now. */
export function stampOf(lines) {
  return createHash('sha256').update(`node ${process.version}\n`).update(lines.join('\n')).digest('hex');
}

/** How many input files differ from the last build's, when it kept its list; otherwise null. */
function changedSince(lines) {
  try {
    const before = new Set(JSON.parse(readFileSync(STAMP, 'utf8')).inputs);
    const now = new Set(lines);
    return lines.filter((l) => !before.has(l)).length + [...before].filter((l) => !now.has(l)).length;
  } catch {
    return null;
  }
}

/** Keeps the stamp of the inputs as they are now (the end of `npm run build`: the next start then builds nothing). */
export function writeStamp(root = ROOT) {
  const now = inputs(root);
  writeFileSync(join(root, 'out', '.build-stamp'), JSON.stringify({ stamp: stampOf(now), inputs: now }));
}

function main() {
  if (process.argv.includes('--stamp')) return (writeStamp(), 0);
  const lines = inputs();
  const stamp = stampOf(lines);
  let kept = null;
  try {
    kept = JSON.parse(readFileSync(STAMP, 'utf8')).stamp;
  } catch {
    /* no build yet, or a stamp from before this script */
  }
  const built = OUTPUTS.every((o) => existsSync(join(ROOT, o)));
  if (built && kept === stamp) {
    console.log('build: nothing changed since the last build (npm run build builds anyway)');
    return 0;
  }
  const n = changedSince(lines);
  console.log(
    !built
      ? 'build: no build yet, building'
      : `build: ${n ?? 'some'} input file${n === 1 ? '' : 's'} changed, building`,
  );
  const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) return r.status ?? 1;
  // `npm run build` ends by keeping the stamp (taken after the build: an editor may have saved an input meanwhile).
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
