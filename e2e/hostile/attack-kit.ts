import { resolve } from 'node:path';
import { expect } from 'vitest';
import type { ServerConfig } from '../../shared/schemas/server.js';
import { callApproved, fixtureStdio, makeCore, startHttp, type Harness } from '../harness/harness.js';
import type { Attack } from '../fixtures/attack-server.js';

/** The compiled hostile server (npm test builds it first). */
export const ATTACK_SERVER = resolve('out/node/e2e/fixtures/attack-server.js');

export type Way = 'stdio' | 'http';
export type Era = 'legacy' | 'modern';

/** Where a hostile server runs: its config, and how to stop it. */
export interface Hostile {
  config: ServerConfig;
  stop: () => void;
}

/** The hostile server in one mode, over stdio or Streamable HTTP, speaking one era. */
export async function hostile(attack: Attack, way: Way, era: Era, env: Record<string, string> = {}): Promise<Hostile> {
  const all = { ATTACK: attack, ERA: era, ...env };
  if (way === 'stdio')
    return {
      config: { type: 'stdio', command: process.execPath, args: [ATTACK_SERVER], env: all, cwd: undefined },
      stop: () => {},
    };
  const s = await startHttp(ATTACK_SERVER, ['--http', '--port', '0'], all, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  return { config: { type: 'http', url: `${s.url}/mcp`, headers: {} }, stop: s.stop };
}

/** A core with an honest server (`honest`) beside the hostile one (`bad`), both connected or tried. */
export async function besideHonest(bad: Hostile, era: Era): Promise<{ h: Harness; connectError?: string }> {
  const h = makeCore();
  h.core.addServer('honest', fixtureStdio());
  h.core.addServer('bad', bad.config, { era: era === 'modern' ? 'modern' : 'auto' });
  await h.core.connect('honest');
  const connectError = await h.core.connect('bad').then(
    () => undefined,
    (e: Error) => e.message,
  );
  return { h, connectError };
}

/**
 * What every case holds after the attack: the console still answers, the honest server still
 * runs a call, and the audit chain verifies.
 */
export async function stillWhole(h: Harness): Promise<void> {
  const call = await callApproved(h, 'honest', 'echo', { message: 'still here' });
  expect(call.outcome).toBe('ok');
  const verified = h.core.verifyAudit();
  expect(verified.ok, verified.reason).toBe(true);
}

/** The console's own lines about a server (its log view): where a refusal is said in words. */
export function notes(h: Harness, id: string): string {
  return h.core
    .stderr(id)
    .lines.filter((l) => l.startsWith('[console]'))
    .join('\n');
}
