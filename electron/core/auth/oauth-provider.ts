import { randomBytes } from 'node:crypto';
import type {
  AddClientAuthentication,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { sdk } from '../support/index.js';
import type { OAuthConfig } from '../../../shared/schemas/auth.js';
import type { CredentialStore, IssuerCredentials, ServerCredentials } from './credential-store.js';

export const CLIENT_NAME = 'MCP Console';

/** Where one server's credentials live, and how its client is identified. */
export interface ProviderTarget {
  serverId: string;
  identity: string;
  url: string;
  oauth: OAuthConfig;
  env: NodeJS.ProcessEnv;
}

/**
 * The SDK's OAuth client provider over the console's sealed credential store. Credentials are kept
 * per issuer (the SDK passes the issuer it resolved): a client registered with, or a token issued
 * by, one authorization server is never presented to another. The PKCE verifier, the state and the
 * discovery state live in memory for one sign-in only.
 */
export class ConsoleOAuthProvider implements OAuthClientProvider {
  private verifier?: string;
  private discovery?: OAuthDiscoveryState;
  /** The state of the sign-in under way. */
  currentState?: string;
  /** The redirect URI of the sign-in under way (a loopback listener). */
  redirect?: string;
  /** Set by redirectToAuthorization: the URL the person's browser must open. */
  authorizationUrl?: URL;

  private jwtAuth?: AddClientAuthentication;

  constructor(
    private readonly t: ProviderTarget,
    private readonly store: CredentialStore,
  ) {}

  /**
   * private_key_jwt: the client proves itself with a signed assertion (RFC 7523) instead of a secret.
   * Made when the SDK's authorization first asks (a provider is also made to show a server's sign-in state, before any
   * SDK is loaded).
   */
  get addClientAuthentication(): AddClientAuthentication | undefined {
    const { oauth, env } = this.t;
    const key = oauth.privateKeyEnv ? env[oauth.privateKeyEnv] : undefined;
    if (!key || !oauth.clientId) return undefined;
    return (this.jwtAuth ??= sdk().createPrivateKeyJwtAuth({
      issuer: oauth.clientId,
      subject: oauth.clientId,
      privateKey: key,
      alg: oauth.signingAlgorithm ?? 'ES256',
    }));
  }

  private entry(): ServerCredentials | undefined {
    return this.store.get(this.t.identity);
  }

  /** What is kept for one issuer (the current one unless named), read fresh. */
  private at(issuer?: string): IssuerCredentials | undefined {
    return issuerIn(this.entry(), issuer);
  }

  private update(change: (c: ServerCredentials) => void): void {
    this.store.update(this.t.identity, this.t.serverId, this.t.url, change);
  }

  get redirectUrl(): string | undefined {
    if (this.t.oauth.grant === 'client_credentials') return undefined;
    return this.redirect ?? `http://127.0.0.1:${this.entry()?.redirectPort ?? 0}/callback`;
  }

  get clientMetadataUrl(): string | undefined {
    return this.t.oauth.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const cc = this.t.oauth.grant === 'client_credentials';
    return {
      client_name: CLIENT_NAME,
      redirect_uris: cc ? [] : [this.redirectUrl ?? 'http://127.0.0.1/callback'],
      grant_types: cc ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
      response_types: cc ? [] : ['code'],
      token_endpoint_auth_method: this.addClientAuthentication
        ? 'private_key_jwt'
        : this.preRegisteredSecret()
          ? 'client_secret_basic'
          : 'none',
      // SEP-837: a desktop app and a command line are native applications (RFC 8252).
      application_type: 'native',
    } as OAuthClientMetadata;
  }

  state(): string {
    this.currentState = randomBytes(32).toString('base64url');
    return this.currentState;
  }

  private preRegisteredSecret(): string | undefined {
    const name = this.t.oauth.clientSecretEnv;
    return name ? this.t.env[name] : undefined;
  }

  /** How this server's client is known: pre-registered, a metadata document, or registered by the console. */
  how(): 'pre-registered' | 'metadata-document' | 'dynamic' {
    if (this.t.oauth.clientId) return 'pre-registered';
    const c = this.at()?.client;
    if (this.t.oauth.clientMetadataUrl && (!c || c.client_id === this.t.oauth.clientMetadataUrl))
      return 'metadata-document';
    return 'dynamic';
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    if (this.t.oauth.clientId) {
      const secret = this.preRegisteredSecret();
      return { client_id: this.t.oauth.clientId, ...(secret && { client_secret: secret }) };
    }
    return this.at(ctx?.issuer)?.client;
  }

  saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): void {
    const issuer = ctx?.issuer ?? info.issuer;
    if (!issuer) return;
    const port = this.redirect ? Number(new URL(this.redirect).port) : undefined;
    this.update((c) => {
      c.issuers[issuer] = { ...c.issuers[issuer], client: { ...info, issuer } };
      if (port) c.redirectPort = port;
    });
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    return this.at(ctx?.issuer)?.tokens;
  }

  /** The access token every request presents (the current issuer's), read without a look at the file each time. */
  presented(): string | undefined {
    return issuerIn(this.store.recent(this.t.identity))?.tokens?.access_token;
  }

  saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): void {
    const issuer = ctx?.issuer ?? tokens.issuer ?? 'unknown issuer';
    this.update((c) => {
      c.issuers[issuer] = { ...c.issuers[issuer], tokens: { ...tokens, issuer }, savedAt: new Date().toISOString() };
      c.current = issuer;
    });
  }

  /** Records the scopes asked for (kept across step-ups, so a re-authorization never loses any). */
  saveRequested(scope: string | undefined): void {
    const e = this.entry();
    if (!e?.current || !scope) return;
    const issuer = e.current;
    this.update((c) => {
      const i = c.issuers[issuer];
      if (i) i.requested = scope;
    });
  }

  requested(): string | undefined {
    return this.at()?.requested;
  }

  /** Machine to machine (`grant: client_credentials`): the token request carries the client's own grant. */
  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (this.t.oauth.grant !== 'client_credentials') return undefined;
    return new URLSearchParams({ grant_type: 'client_credentials', ...(scope && { scope }) });
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(v: string): void {
    this.verifier = v;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no PKCE code verifier: the sign-in was not started by this console');
    return this.verifier;
  }

  saveDiscoveryState(s: OAuthDiscoveryState): void {
    this.discovery = s;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'verifier' || scope === 'all') this.verifier = undefined;
    if (scope === 'discovery' || scope === 'all') this.discovery = undefined;
    if (scope === 'verifier' || scope === 'discovery') return;
    const e = this.entry();
    if (!e) return;
    this.update((c) => {
      for (const i of Object.values(c.issuers)) {
        if (scope === 'tokens' || scope === 'all') delete i.tokens;
        if (scope === 'client' || scope === 'all') delete i.client;
      }
    });
  }
}

/** What one server's entry keeps for one issuer (its current one unless named). */
function issuerIn(e: ServerCredentials | undefined, issuer?: string): IssuerCredentials | undefined {
  const i = issuer ?? e?.current;
  return i ? e?.issuers[i] : undefined;
}
