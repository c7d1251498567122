import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { ServerView } from '../../../shared/schemas/server.js';
import type { AuthService } from './auth-service.js';

export interface AuthHandlerDeps {
  auth: AuthService;
  /** Throws for a server the console does not know. */
  known(serverId: string): void;
  /** Connects a server (a sign-in asks the person on the way). */
  connect(serverId: string): Promise<ServerView>;
}

/** Remote servers' OAuth: status, the sign-ins waiting for a person, signing in again and out. */
export function authHandlers(d: AuthHandlerDeps): HandlersOf<NamesIn<'auth'>> {
  const { auth } = d;
  return {
    'auth.status': (i) => auth.view(i.serverId),
    'auth.prompts': () => auth.prompts(),
    'auth.cancel': (i) => (auth.cancel(i.id), { ok: true as const }),
    // Forgets the tokens (not the registered client), then connects, which asks the person.
    'auth.signIn': (i) => (d.known(i.serverId), auth.dropTokens(i.serverId), d.connect(i.serverId)),
    'auth.signOut': (i) => auth.signOut(i.serverId),
  };
}
