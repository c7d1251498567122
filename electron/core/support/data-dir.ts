import { mkdirSync, openSync, writeSync, fsyncSync, closeSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

/** The data directory: --data-dir, else MCP_CONSOLE_DATA_DIR, else the platform's app-data folder. */
export function resolveDataDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag);
  if (env.MCP_CONSOLE_DATA_DIR) return resolve(env.MCP_CONSOLE_DATA_DIR);
  const home = homedir();
  if (process.platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'MCP Console');
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'MCP Console');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'mcp-console');
}

/** Writes a file so that readers see either the old or the new content, never half of it. */
export function writeFileAtomic(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w', 0o600);
    // write(2) may write less than asked (a nearly full disk): loop until every byte is written.
    const buf = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    for (let off = 0; off < buf.length;) {
      const n = writeSync(fd, buf, off, buf.length - off);
      if (!(n > 0)) throw Object.assign(new Error(`wrote ${off} of ${buf.length} bytes of ${path}`), { code: 'ENOSPC' });
      off += n;
    }
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
}
