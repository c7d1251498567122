import type { DoctorReport, ServerView } from '../../../shared/schemas/server.js';

/** What the doctor knows of a server's OAuth (never a token). */
export interface OAuthFacts {
  signedIn: boolean;
  issuer?: string;
  error?: string;
}

/** How credentials reach a server, in words (header names only, never values; OAuth: signed in or not, and where). */
export function authState(v: ServerView, oauth?: OAuthFacts): string {
  if (v.config.type === 'stdio') return 'none (a local process: it gets what its environment gives it)';
  const names = Object.keys(v.config.headers);
  const auth = names.filter((n) => /^(authorization|x-api-key|api-key|cookie)$/i.test(n));
  const refused = v.error && /\b(401|403)\b/.test(v.error) ? ` — the server refused them: ${v.error}` : '';
  if (auth.length) return `headers ${auth.join(', ')} are sent${refused}`;
  if (oauth?.signedIn)
    return `OAuth: signed in at ${oauth.issuer ?? 'its authorization server'}; the token is sent${refused}`;
  if (oauth?.error) return `OAuth: not signed in — ${oauth.error}`;
  return refused ? `no credentials are sent${refused}` : 'no credentials are sent';
}

/** What to try, from what is known of the connection (the doctor's advice, in order of likelihood). */
export function adviceFor(v: ServerView, latencyError: string | undefined): string[] {
  const out: string[] = [];
  const e = v.error ?? '';
  const listing = v.error?.startsWith('tools/list failed') ? v.error : undefined;
  if (v.status === 'connected' && !latencyError && !v.catalogStale && !listing)
    return ['nothing: the server is connected and answers'];
  if (/ECONNREFUSED|connection refused/i.test(e))
    out.push('nothing listens at that address: start the server, or check the port in its URL');
  if (/ENOTFOUND|getaddrinfo/i.test(e)) out.push('the host name does not resolve: check the URL');
  if (/sign-in failed/.test(e))
    out.push(
      'signing in did not work: the Sign-in tab (or `mcp-console auth status`) shows each step and which requirement was not met, and by whom',
    );
  else if (/\b401\b/.test(e))
    out.push(
      'the server wants credentials: connect again to sign in (OAuth), or add the header it expects to its entry',
    );
  if (/\b403\b/.test(e))
    out.push('the server refused these credentials or this origin: check the token and what it allows');
  if (/\b404\b|\b405\b/.test(e))
    out.push('the URL is not an MCP endpoint: check its path (often /mcp, or /sse for legacy SSE servers)');
  if (/2026-07-28 era/.test(e) && /auto or modern/.test(e)) out.push("set this server's era to auto or modern");
  if (/2025 era/.test(e) && /auto or legacy/.test(e)) out.push("set this server's era to auto or legacy");
  if (/timeout|did not complete initialization/i.test(e))
    out.push(
      'the server is slow to start or does not speak MCP on this transport: raise the connect timeout, or read its stderr',
    );
  if (v.exitCode !== undefined && v.exitCode !== null)
    out.push(`the process exited with code ${v.exitCode}: its last stderr lines say why`);
  if (/ENOENT|not found|spawn/i.test(e) && v.config.type === 'stdio')
    out.push(`the command ${JSON.stringify(v.config.command)} was not found: check it is installed and on PATH`);
  if (v.consent) out.push('a person must first confirm launching this command line (or trusting the server)');
  if (v.catalogStale) out.push(`the tool list could not be refreshed (${v.catalogStale}): reconnect`);
  else if (listing && /refused by MCP Console/.test(listing))
    out.push(
      'the server answered its tool list with a message the console refuses (see the last errors): fix what the server sends',
    );
  else if (listing) out.push('the tool list could not be read (see the last errors): reconnect, or read its stderr');
  if (latencyError)
    out.push(`the server did not answer a round trip (${latencyError}): it may be busy or stuck; reconnect`);
  if (v.status === 'disconnected' && !out.length) out.push('connect it');
  if (!out.length) out.push('read the last errors and stderr above; reconnect with a longer timeout if it is slow');
  return out;
}

/** Builds the report from the view, a measured round trip, and the recent errors. */
export function doctorReport(
  v: ServerView,
  latency: DoctorReport['latency'],
  latencyError: string | undefined,
  lastErrors: string[],
  oauth?: OAuthFacts,
): DoctorReport {
  return {
    serverId: v.id,
    status: v.status,
    transport: v.transport,
    era: v.era,
    protocolVersion: v.protocolVersion,
    serverInfo: v.serverInfo,
    capabilities: v.capabilities,
    latency,
    latencyError,
    auth: authState(v, oauth),
    lastErrors,
    advice: adviceFor(v, latencyError),
  };
}

/** The doctor's report on a server as it is now: a ping when it is connected, and the errors its output shows. */
export async function doctorOf(
  view: () => ServerView,
  ping: () => Promise<{ method: string; ms: number }>,
  lines: string[],
  auth: OAuthFacts | undefined,
): Promise<DoctorReport> {
  const v = view();
  let latency: DoctorReport['latency'];
  let latencyError: string | undefined;
  if (v.status === 'connected') {
    try {
      latency = await ping();
    } catch (e) {
      latencyError = (e as Error).message;
    }
  }
  const errors = lines.filter((l) => /^\[console\]|error|fail|refused|denied|exception/i.test(l)).slice(-10);
  return doctorReport(view(), latency, latencyError, [...(v.error ? [v.error] : []), ...errors], auth);
}
