import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTeamFile, type TeamService, type ConsoleCore } from '../../electron/core/index.js';
import { startTeamServer, type TeamServer } from '../../electron/hosts/web/team-server.js';
import { TeamSignIn } from '../../electron/hosts/web/team-sign-in.js';
import { freePort } from './harness.js';
import { startIdentityProvider, type IdentityProvider } from './oidc.js';

/** The groups of the test users (oidc.ts) given each role. */
export const TEST_ROLES = {
  member: ['engineers'],
  approver: ['approvers'],
  admin: ['admins'],
  auditor: ['auditors'],
};

/** Writes a team file (and its client secret's file) in `dir` for a provider; more keys over the defaults. */
export function writeTeamFile(
  dir: string,
  idp: Pick<IdentityProvider, 'issuer' | 'clientId' | 'clientSecret'>,
  port: number,
  more: Record<string, unknown> = {},
): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'client-secret'), idp.clientSecret + '\n');
  const file = join(dir, 'team.json');
  const team = {
    listen: { host: '127.0.0.1', port },
    publicUrl: `http://127.0.0.1:${port}`,
    oidc: {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecretFile: 'client-secret',
      scopes: ['openid', 'profile', 'groups'],
    },
    roles: TEST_ROLES,
    ...more,
  };
  writeFileSync(file, JSON.stringify(team, null, 2));
  return file;
}

/**
 * A team service over a core, with a real provider (oidc-provider) on loopback: its page's folder holds a one-line
 * index.html. Closing it closes the service and the provider (not the core).
 */
export async function startTestTeam(
  core: ConsoleCore,
  dataDir: string,
  more: Record<string, unknown> = {},
  opts: { webhookRetryMs?: number } = {},
): Promise<{ url: string; service: TeamService; server: TeamServer; idp: IdentityProvider; close(): Promise<void> }> {
  const port = await freePort();
  const idp = await startIdentityProvider([`http://127.0.0.1:${port}/auth/callback`]);
  const dir = join(dataDir, 'team');
  const service = readTeamFile(writeTeamFile(dir, idp, port, more));
  const staticDir = join(dir, 'page');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><title>MCP Console</title></head></html>');
  const server = await startTeamServer(core, service, await TeamSignIn.start(service), {
    staticDir,
    log: () => {},
    ...opts,
  });
  return {
    url: server.url,
    service,
    server,
    idp,
    close: async () => {
      await server.close();
      await idp.close();
    },
  };
}
