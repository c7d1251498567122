import { z } from 'zod';
import { GetPromptResult, PromptView } from '../schemas/prompt.js';
import { ServerId } from '../schemas/server.js';

/** A server's prompts: listed, and one got with its arguments. */
export const requests = {
  'prompts.list': {
    input: z.object({ serverId: ServerId, refresh: z.boolean().optional() }).strict(),
    output: z.array(PromptView),
  },
  'prompts.get': {
    input: z
      .object({ serverId: ServerId, name: z.string().min(1), arguments: z.record(z.string(), z.string()).optional() })
      .strict(),
    output: GetPromptResult,
  },
} as const;

export const events = {} as const;
