import { z } from 'zod';

/**
 * How a remote server's OAuth client is identified, in the spec's order of preference: a client
 * registered beforehand (`clientId`, its secret from the environment variable `clientSecretEnv`),
 * a client ID metadata document (`clientMetadataUrl`), else dynamic registration; a registered client
 * may authenticate with a private key (`privateKeyEnv`, private_key_jwt) instead of a secret. `grant`
 * `client_credentials` is the machine-to-machine flow (CI): no browser, no person.
 */
export const OAuthConfig = z
  .object({
    clientId: z.string().min(1).max(2048).optional(),
    /** The name of the environment variable that holds the client secret (secrets never sit in the config file). */
    clientSecretEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
      .max(200)
      .optional(),
    clientMetadataUrl: z.url({ protocol: /^https$/, error: 'must be an https: URL' }).optional(),
    /** private_key_jwt (RFC 7523): the environment variable holding the client's PEM private key, and its algorithm. */
    privateKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
      .max(200)
      .optional(),
    signingAlgorithm: z
      .enum(['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'EdDSA'])
      .optional(),
    /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
    scope: z.string().max(2000).optional(),
    grant: z.enum(['authorization_code', 'client_credentials']).optional(),
  })
  .strict();
export type OAuthConfig = z.infer<typeof OAuthConfig>;

/** One step of a server's authorization, as the auth debugger shows it. Secrets are redacted before it is made. */
export const AuthStep = z.object({
  seq: z.number().int(),
  at: z.string(),
  /**
   * challenge (the server's 401/403), resource-metadata, server-metadata, registration, authorization (the browser),
   * token, refresh, revocation, client-credentials.
   */
  step: z.string(),
  ok: z.boolean(),
  /** One line: what happened. */
  summary: z.string(),
  method: z.string().optional(),
  url: z.string().optional(),
  status: z.number().int().optional(),
  ms: z.number().optional(),
  /** What was sent and received, secrets replaced by ‹redacted›. */
  sent: z.string().optional(),
  received: z.string().optional(),
  /** On failure: the requirement that was not met, and by whom (server, authorization server, person, console). */
  problem: z.string().optional(),
});
export type AuthStep = z.infer<typeof AuthStep>;

/** What the console knows of one server's authorization (never a token or a secret). */
export const AuthView = z.object({
  serverId: z.string(),
  /** none: the server is not remote or sends its own Authorization header. */
  mode: z.enum(['oauth', 'client-credentials', 'static-header', 'none']),
  signedIn: z.boolean(),
  issuer: z.string().optional(),
  scope: z.string().optional(),
  expiresAt: z.string().optional(),
  refreshable: z.boolean(),
  client: z.object({
    how: z.enum(['pre-registered', 'metadata-document', 'dynamic', 'none']),
    clientId: z.string().optional(),
  }),
  /** Where tokens are kept, and what that protects against. */
  storage: z.string(),
  /** The last failure, in words. */
  error: z.string().optional(),
  /** A sign-in waits for the browser. */
  pending: z.boolean(),
  steps: z.array(AuthStep),
});
export type AuthView = z.infer<typeof AuthView>;

/** A sign-in waits for the person: the URL the browser must open (shown whole before anything opens it). */
export const AuthPrompt = z.object({
  id: z.string(),
  serverId: z.string(),
  url: z.string(),
  /** The host of the authorization server, as the person should check it. */
  host: z.string(),
  issuer: z.string().optional(),
  scope: z.string().optional(),
  /** When the console stops waiting. */
  expiresAt: z.string(),
});
export type AuthPrompt = z.infer<typeof AuthPrompt>;
