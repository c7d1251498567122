import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { freePort } from './harness.js';

/** A test user of the identity provider: the login typed on its form is the user's `sub`. */
export interface TestUser {
  name: string;
  groups: string[];
}

/** The users every team test signs in as, in three groups (and one in none). */
export const TEAM_USERS: Record<string, TestUser> = {
  alice: { name: 'Alice Approver', groups: ['approvers', 'engineers'] },
  bob: { name: 'Bob Approver', groups: ['approvers'] },
  carol: { name: 'Carol Auditor', groups: ['auditors'] },
  dave: { name: 'Dave Nobody', groups: ['visitors'] },
  erin: { name: 'Erin Engineer', groups: ['engineers'] },
  olga: { name: 'Olga Admin', groups: ['admins'] },
  frank: { name: 'Frank Approver', groups: ['approvers'] },
  grace: { name: 'Grace SRE', groups: ['approvers', 'sre'] },
};

export interface IdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified implementation) on a loopback port, with one
 * confidential client whose redirect URIs are given, PKCE required, and the users above (their groups in the ID token's
 * `groups` claim). Its development login form takes any login as the user's id.
 */
export async function startIdentityProvider(redirectUris: string[], users = TEAM_USERS): Promise<IdentityProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'mcp-console';
  const clientSecret = 'a-test-client-secret-of-thirty-two-chars-or-more';
  // A signing key of its own (the provider's quick-start keys are the same everywhere).
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'profile', 'groups'],
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => {
      const u = users[sub];
      return { accountId: sub, claims: () => ({ sub, ...(u ? { name: u.name, groups: u.groups } : {}) }) };
    },
    cookies: { keys: ['a-test-cookie-key'] },
  });
  // Silences the provider's warnings about its development defaults (they are what a test wants).
  provider.on('server_error', () => undefined);
  const handle = provider.callback();
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
