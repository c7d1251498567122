import { z } from 'zod';
import { Person } from './person.js';

/**
 * Who asked for a call: the person at this console (desktop window or browser page), the command
 * line, a named agent coming through the gateway, or a server's own view (MCP Apps) in the console. Recorded on every
 * call, every approval and
 * every audit entry of a call, so a reviewer can tell a person's calls from an agent's.
 */
export const Requester = z.discriminatedUnion('kind', [
  /** `person`: who is signed in to a team service's page (absent on a desktop: its one user). */
  z.object({ kind: z.literal('console'), person: Person.optional() }).strict(),
  z.object({ kind: z.literal('cli') }).strict(),
  /** `owner`: on a team service, the person the agent belongs to (who made its token). */
  z.object({ kind: z.literal('agent'), name: z.string().min(1).max(200), owner: Person.optional() }).strict(),
  /** An MCP App: the view of `tool` on `serverId`, rendered in the console, calling a tool of its own server. */
  z
    .object({ kind: z.literal('view'), serverId: z.string().min(1).max(200), tool: z.string().min(1).max(500) })
    .strict(),
  /** A step of a collection run: the run's scope was approved once, by a person or `--yes`, for exactly these steps. */
  z
    .object({ kind: z.literal('collection'), name: z.string().min(1).max(200), run: z.string().min(1).max(100) })
    .strict(),
]);
export type Requester = z.infer<typeof Requester>;

/** The console's own user: calls made from its window or page. */
export const CONSOLE_USER: Requester = Object.freeze({ kind: 'console' });
/** The `mcp-console` command line. */
export const COMMAND_LINE: Requester = Object.freeze({ kind: 'cli' });
