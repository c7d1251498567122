import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Person } from '../../../shared/schemas/person.js';
import type { TeamRole } from '../../../shared/schemas/team.js';
import { groupsOf, rolesOf, type TeamService } from '../../core/index.js';

/** How long a sign-in may take at the provider (the person types a password, approves). */
const SIGN_IN_MS = 10 * 60 * 1000;
/** Sign-ins under way at once (a flood of starts drops the oldest, never grows without bound). */
const MAX_UNDER_WAY = 10_000;

/** Who a finished sign-in says the person is. */
export interface SignedIn {
  person: Person;
  roles: TeamRole[];
  groups: string[];
}

interface UnderWay {
  state: string;
  nonce: string;
  verifier: string;
  until: number;
}

/**
 * Signing people in with the organisation's OpenID Connect provider (authorization code with PKCE, through
 * `openid-client`): the provider's metadata is read at start; each sign-in keeps its state, nonce and PKCE verifier
 * here, under a random id the browser holds in a cookie, and the provider's answer must match all three. The ID token's
 * issuer, audience, expiry, nonce and signature are checked by the library (the signature too: non-repudiation checks
 * are on). Nothing of a token is kept: only who the person is and the roles their groups give.
 */
export class TeamSignIn {
  private readonly underWay = new Map<string, UnderWay>();

  private constructor(
    private readonly config: oidc.Configuration,
    private readonly service: TeamService,
  ) {}

  /** Reads the provider's metadata; refuses to start when the provider cannot be reached or does not say who it is. */
  static async start(service: TeamService): Promise<TeamSignIn> {
    const o = service.file.oidc;
    const config = await oidc.discovery(
      new URL(o.issuer),
      o.clientId,
      service.clientSecret,
      service.clientSecret ? oidc.ClientSecretPost(service.clientSecret) : oidc.None(),
      {
        timeout: 10,
        execute: [
          oidc.enableNonRepudiationChecks,
          ...(new URL(o.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
        ],
      },
    );
    return new TeamSignIn(config, service);
  }

  /** Starts a sign-in: the id the browser keeps (in a cookie), and where to send it. */
  async begin(): Promise<{ id: string; url: string }> {
    const verifier = oidc.randomPKCECodeVerifier();
    const t: UnderWay = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier,
      until: Date.now() + SIGN_IN_MS,
    };
    const url = oidc.buildAuthorizationUrl(this.config, {
      redirect_uri: this.service.redirectUri,
      scope: this.service.file.oidc.scopes.join(' '),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: t.state,
      nonce: t.nonce,
    });
    const id = randomBytes(32).toString('base64url');
    this.sweep();
    this.underWay.set(id, t);
    if (this.underWay.size > MAX_UNDER_WAY) this.underWay.delete(this.underWay.keys().next().value!);
    return { id, url: url.href };
  }

  /**
   * Finishes a sign-in from the provider's redirect (`callbackUrl`, the whole URL it came back to) for the browser
   * holding `id`: used once, whatever happens. Throws with the check that failed.
   */
  async finish(id: string | undefined, callbackUrl: URL): Promise<SignedIn> {
    const t = id === undefined ? undefined : this.underWay.get(id);
    if (id !== undefined) this.underWay.delete(id);
    if (!t || t.until < Date.now())
      throw new Error('no sign-in was started from this browser, or it took over 10 minutes; start again');
    // The callback URL as the provider was told it (behind a proxy the request's own host differs).
    const current = new URL(this.service.redirectUri);
    current.search = callbackUrl.search;
    const tokens = await oidc
      .authorizationCodeGrant(this.config, current, {
        pkceCodeVerifier: t.verifier,
        expectedState: t.state,
        expectedNonce: t.nonce,
        idTokenExpected: true,
      })
      .catch((e: Error) => {
        // The library's message is general ("unexpected JWT claim value"); its cause says which check failed.
        const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
        throw new Error(`the provider's answer failed a check (${e.message}${cause})`);
      });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider sent no ID token');
    const groups = groupsOf(claims[this.service.file.oidc.rolesClaim]);
    const name = [claims.name, claims.preferred_username, claims.email, claims.sub].find(
      (v): v is string => typeof v === 'string' && v.length > 0,
    )!;
    return {
      person: { subject: claims.sub.slice(0, 255), name: name.slice(0, 200) },
      roles: rolesOf(this.service.file, groups),
      groups,
    };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, t] of this.underWay) {
      if (t.until >= now) break; // in the order started: the rest are newer
      this.underWay.delete(id);
    }
  }
}
