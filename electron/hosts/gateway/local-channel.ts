import { createHash } from 'node:crypto';
import { parseMeasured } from '../../../shared/boundary.js';
import { chmodSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive, processStart, readPlacedText, writeFileAtomic } from '../../core/index.js';

/** Where a running console says where it listens for agents (readable by its user only). */
export function addressFile(dataDir: string): string {
  return join(dataDir, 'run', 'gateway.json');
}

export interface GatewayAddress {
  socket: string;
  http?: string;
  pid: number;
  /** When that process started (see processStart): an id reused by a later process is not the console. */
  started?: string;
}

/**
 * The local channel the bridge uses: a Unix socket in a folder only this user may enter (a named
 * pipe on Windows, which is per-user by default). The folder is `run/` in the data directory, or,
 * when that path is too long for a socket, a per-user folder under the system's temp directory.
 */
export function socketPath(dataDir: string): string {
  const tag = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\mcp-console-${tag}`;
  const inData = join(dataDir, 'run', 'gateway.sock');
  if (Buffer.byteLength(inData) < 100) return inData;
  return join(tmpdir(), `mcp-console-${process.getuid?.() ?? 'user'}`, `${tag}.sock`);
}

/** Makes the socket's folder, for this user only; refuses one that someone else owns or may enter. */
export function prepareSocketDir(path: string): void {
  if (process.platform === 'win32') return;
  const dir = join(path, '..');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = statSync(dir);
  // SECURITY: a folder another user made (in /tmp, say) could let them in, or swap the socket.
  if (process.getuid && st.uid !== process.getuid())
    throw new Error(`${dir} belongs to another user; refusing to put the agent socket there`);
  chmodSync(dir, 0o700);
  rmSync(path, { force: true });
}

export function writeAddress(dataDir: string, address: GatewayAddress): void {
  const started = processStart(address.pid);
  writeFileAtomic(
    addressFile(dataDir),
    JSON.stringify({ ...address, ...(started && started !== 'zombie' && { started }) }) + '\n',
  );
}

export function readAddress(dataDir: string): GatewayAddress | null {
  try {
    const a = parseMeasured(
      readPlacedText(addressFile(dataDir), 'the address file', 64 * 1024),
      'the address file',
    ) as GatewayAddress;
    return typeof a.socket === 'string' ? a : null;
  } catch {
    return null;
  }
}

export function removeAddress(dataDir: string, socket: string): void {
  if (readAddress(dataDir)?.socket === socket) rmSync(addressFile(dataDir), { force: true });
  if (process.platform !== 'win32') rmSync(socket, { force: true });
}

/** The process id of the console running on this data directory (its address file names a live process), or null. */
export function consoleRunning(dataDir: string): number | null {
  return findConsole(dataDir)?.pid ?? null;
}

/** The console running on this data directory and the socket it listens on, or null. */
export function findConsole(dataDir: string): { pid: number; socket: string } | null {
  const a = readAddress(dataDir);
  return a && a.pid !== process.pid && processAlive(a.pid, typeof a.started === 'string' ? a.started : undefined)
    ? { pid: a.pid, socket: a.socket }
    : null;
}
