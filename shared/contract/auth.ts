import { z } from 'zod';
import { none, byServer, ok } from './common.js';
import { AuthPrompt, AuthView } from '../schemas/auth.js';
import { ServerView } from '../schemas/server.js';

/** Remote servers' OAuth: sign-in, sign-out and the auth debugger. */
export const requests = {
  /**
   * A server's authorization: mode, signed in or not, issuer, scope, expiry, the auth debugger's steps (never a token).
   */
  'auth.status': { input: byServer, output: AuthView },
  /** The sign-ins waiting for a person to open their URL. */
  'auth.prompts': { input: none, output: z.array(AuthPrompt) },
  /** Gives up on a sign-in: the connection attempt ends with that reason. */
  'auth.cancel': { input: z.object({ id: z.string().max(100) }).strict(), output: ok },
  /** Signs in again: forgets the tokens (not the registered client) and connects, which asks the person. */
  'auth.signIn': { input: byServer, output: ServerView },
  /** Revokes the tokens where the authorization server allows it, and deletes everything kept for the server. */
  'auth.signOut': { input: byServer, output: AuthView },
} as const;

export const events = {
  /** A sign-in waits for a person: show the whole URL and its host before anything opens it. */
  'auth.prompt': AuthPrompt,
  /** A sign-in ended (signed in, refused, cancelled or expired): its dialog closes. */
  'auth.promptClosed': z.object({ id: z.string(), serverId: z.string() }),
  'auth.updated': AuthView,
} as const;
