import { z } from 'zod';
import { byServer } from './common.js';
import { ListFacts, ServerListFacts } from '../schemas/list-facts.js';

/** The facts of each list a server offers (pages, sizes, when it was last listed). */
export const requests = {
  'lists.facts': { input: byServer, output: ServerListFacts },
} as const;

export const events = {
  /** A server said its resources or prompts changed; the console listed them again (`facts.diff`: what changed). */
  'list.changed': z.object({ serverId: z.string(), kind: z.enum(['resources', 'prompts']), facts: ListFacts }),
} as const;
