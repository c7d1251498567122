import { z } from 'zod';
import { none } from './common.js';
import { GrantView } from '../schemas/agent.js';

/** The standing grants people gave to agents. */
export const requests = {
  'grants.list': { input: none, output: z.array(GrantView) },
  'grants.revoke': { input: z.object({ id: z.string().max(100) }).strict(), output: GrantView },
} as const;

export const events = {
  'grants.changed': z.object({ grants: z.array(GrantView) }),
} as const;
