import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
const BARE_LIST = resolve('out/node/e2e/bench/bare-list.js');

/**
 * What bare-list.ts measured: spawn → initialized, spawn → every tool listed (and the CPU of it), and each listing
 * again.
 */
export interface BareListing {
  initialized: number;
  listed: number;
  relist: number[];
  count: number;
  /** CPU ms from spawn to every tool listed: the client's process and the server's. */
  cpu: { client: number; server: number };
}

/** The bare SDK client listing the fixture server with `tools` tools, `pageSize` a page, in a process of its own. */
export function bareListing(tools: number, pageSize: number): BareListing {
  return JSON.parse(
    execFileSync(process.execPath, [BARE_LIST, FIXTURE, String(tools), String(pageSize), '3'], { encoding: 'utf8' }),
  ) as BareListing;
}
