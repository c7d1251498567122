/**
 * The Electron security scan of `npm test`: @doyensec/electronegativity over the compiled app.
 * It always exits 0, so its CSV and its log are read here: any HIGH finding, or any file it
 * could not parse, fails the scan.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ELECTRON_VERSION = '45.4.1';
const targets = ['out/main', 'out/preload', 'out/renderer'].map((p) => resolve(p));
const cli = resolve('node_modules/@doyensec/electronegativity/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'eng-'));
let failed = 0;
let scanned = 0;
try {
  // One scan of the whole app, so that global checks (navigation limits, permission handlers, CSP) see every part.
  const app = join(dir, 'app');
  for (const target of targets) {
    if (!existsSync(target)) {
      console.error(`electron scan: ${target} is missing; run npm run build first`);
      failed++;
    } else cpSync(target, join(app, target.split(/[\\/]/).pop()!), { recursive: true });
  }
  const csv = join(dir, 'report.csv');
  const r = spawnSync(process.execPath, [cli, '-i', app, '-o', csv, '-e', ELECTRON_VERSION, '-r'], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  const log = `${r.stdout}\n${r.stderr}`;
  for (const line of log.split('\n')) {
    if (/^\s*Error parsing/i.test(line)) {
      console.error(`electron scan: could not parse: ${line.trim()}`);
      failed++;
    }
  }
  if (!existsSync(csv)) {
    console.error(`electron scan: no report\n${log}`);
    failed++;
  } else {
    scanned = targets.length;
    const rows = readFileSync(csv, 'utf8').trim().split('\n').slice(1);
    // Its parser skips a file it cannot read without a word; the main process then goes unchecked.
    if (!rows.some((row) => row.includes('main/index.js'))) {
      console.error(
        'electron scan: the scanner reported nothing of main/index.js: it could not read it (a syntax its parser lacks, such as #private members?)',
      );
      failed++;
    }
    for (const row of rows) {
      const [issue = '', severity = '', , file = '', location = ''] = row
        .split(',')
        .map((c) => c.replace(/^"|"$/g, ''));
      const line = `${severity!.padEnd(6)} ${issue} ${file}:${location}`;
      if (severity === 'HIGH' || severity === 'CRITICAL') {
        console.error(`electron scan: ${line}`);
        failed++;
      } else console.log(`electron scan: ${line}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `electron scan: ${scanned} of ${targets.length} outputs scanned, ${failed} problem${failed === 1 ? '' : 's'}`,
);
process.exit(failed ? 1 : 0);
