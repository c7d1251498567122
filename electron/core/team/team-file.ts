import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { formatIssues } from '../../../shared/contract/index.js';
import { parseMeasured } from '../../../shared/boundary.js';
import { TeamFile, type TeamRole } from '../../../shared/schemas/team.js';
import { readPlacedBytes, readPlacedText } from '../support/index.js';

/** A team file read and checked, with what it names read too (the client secret, the TLS files). */
export interface TeamService {
  file: TeamFile;
  /** Where the file is (its relative paths are from its folder). */
  path: string;
  clientSecret?: string;
  tls?: { cert: Buffer; key: Buffer };
  /** The origin people's browsers use: the only one the service answers a change from. */
  origin: string;
  /** The sign-in's redirect URI (`<publicUrl>/auth/callback`). */
  redirectUri: string;
  /** Whether the browser reaches the service over HTTPS (its cookies are then Secure, `__Host-`). */
  secure: boolean;
  /** Where the views' origin listens, and the address browsers use for it (absent: 127.0.0.1 only). */
  views?: { host: string; port: number; origin: string };
  /** The team's webhooks, each with its signing secret when it has one (read from its file). */
  notify: { url: string; secret?: string }[];
  /** The team's policy file (`policy`), resolved from the team file's folder. */
  policy?: string;
  /** The shared store's URL (`store`): several instances on one PostgreSQL database. */
  store?: string;
}

/** A refusal of the team file: what is wrong, in words a person can act on. */
export class TeamFileError extends Error {}

/** Whether a host name or address is this machine's loopback (where plain HTTP is allowed). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1';
}

/**
 * Reads `serve --team FILE`: its keys checked (unknown ones refused), the secret and TLS files read, and the service
 * refused when it would listen beyond loopback without TLS, or reach a provider over plain HTTP off loopback.
 */
export function readTeamFile(path: string): TeamService {
  const full = resolve(path);
  let raw: unknown;
  try {
    raw = parseMeasured(readPlacedText(full, 'the team file', 1024 * 1024), 'the team file');
  } catch (e) {
    throw new TeamFileError(`the team file could not be read: ${(e as Error).message}`);
  }
  const parsed = TeamFile.safeParse(raw);
  if (!parsed.success) throw new TeamFileError(`the team file ${full}: ${formatIssues(parsed.error.issues)}`);
  const file = parsed.data;
  const dir = dirname(full);
  const from = (p: string) => resolve(dir, p);
  const read = (p: string, what: string) => {
    try {
      return readPlacedBytes(from(p), what, 1024 * 1024);
    } catch (e) {
      throw new TeamFileError(`the team file ${full} names ${(e as Error).message}`);
    }
  };
  // SECURITY: sign-in cookies and decisions never cross a network in the clear.
  if (!file.tls && !isLoopback(file.listen.host))
    throw new TeamFileError(
      `the team file ${full}: listen.host ${file.listen.host} is not loopback, and no tls is named; the service listens beyond this machine only over HTTPS (or behind a proxy that ends TLS, on 127.0.0.1)`,
    );
  const issuer = new URL(file.oidc.issuer);
  if (issuer.protocol === 'http:' && !isLoopback(issuer.hostname))
    throw new TeamFileError(
      `the team file ${full}: oidc.issuer ${file.oidc.issuer} is plain HTTP off this machine; use https (plain HTTP only for a provider on loopback)`,
    );
  const wildcard = ['0.0.0.0', '::', ''].includes(file.listen.host);
  if (file.publicUrl === undefined && wildcard)
    throw new TeamFileError(
      `the team file ${full}: listen is every interface (${file.listen.host || '*'}): name publicUrl, the address people's browsers use`,
    );
  const publicUrl = new URL(
    file.publicUrl ??
      `${file.tls ? 'https' : 'http'}://${file.listen.host.includes(':') ? `[${file.listen.host}]` : file.listen.host}:${file.listen.port}`,
  );
  if (publicUrl.protocol === 'http:' && !isLoopback(publicUrl.hostname))
    throw new TeamFileError(
      `the team file ${full}: publicUrl ${file.publicUrl} is plain HTTP on another machine; people sign in only over HTTPS`,
    );
  const views = file.views && new URL(file.views.publicUrl);
  // SECURITY: the views' origin must not be the page's: a view's document would then be the console's own.
  if (views && views.origin === publicUrl.origin)
    throw new TeamFileError(`the team file ${full}: views.publicUrl must be an origin of its own, not publicUrl's`);
  if (views && views.protocol === 'http:' && !isLoopback(views.hostname))
    throw new TeamFileError(`the team file ${full}: views.publicUrl is plain HTTP off this machine; use https`);
  const notify = file.notify.map((n, i) => {
    const hook = new URL(n.webhook);
    if (hook.protocol === 'http:' && !isLoopback(hook.hostname))
      throw new TeamFileError(
        `the team file ${full}: notify[${i}].webhook ${hook.href} is plain HTTP off this machine; use https`,
      );
    const secret = n.secretFile && read(n.secretFile, 'the webhook secret file').toString().trim();
    if (secret !== undefined && secret.length < 16)
      throw new TeamFileError(`the team file ${full}: notify[${i}]'s secret is shorter than 16 characters`);
    return { url: n.webhook, ...(secret && { secret }) };
  });
  const secret =
    file.oidc.clientSecret ??
    (file.oidc.clientSecretFile && read(file.oidc.clientSecretFile, 'the client secret file').toString());
  return {
    file,
    path: full,
    ...(secret && { clientSecret: secret.trim() }),
    ...(file.tls && {
      tls: { cert: read(file.tls.cert, 'the TLS certificate'), key: read(file.tls.key, 'the TLS key') },
    }),
    origin: publicUrl.origin,
    redirectUri: new URL('/auth/callback', publicUrl).href,
    notify,
    ...(file.policy && { policy: from(file.policy) }),
    ...(file.store && { store: file.store }),
    ...(views && file.views && { views: { host: file.listen.host, port: file.views.port, origin: views.origin } }),
    secure: publicUrl.protocol === 'https:',
  };
}

/** The roles a person's groups give them, by the file's `roles`. */
export function rolesOf(file: TeamFile, groups: readonly string[]): TeamRole[] {
  const have = new Set(groups);
  return (['member', 'approver', 'admin', 'auditor'] as const).filter((r) => file.roles[r].some((g) => have.has(g)));
}

/** A claim's groups as a list of strings (a single string is one group; anything else: none). */
export function groupsOf(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (!Array.isArray(claim)) return [];
  return claim.filter((g): g is string => typeof g === 'string').slice(0, 1000);
}
