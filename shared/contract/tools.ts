import { z } from 'zod';
import { ValidationError } from '../schemas/call.js';
import { ServerId } from '../schemas/server.js';
import { CatalogChange, ToolView } from '../schemas/tool.js';

/** What a server offers as tools: the catalog, one tool, its arguments checked, and what changed. */
export const requests = {
  'tools.list': {
    input: z
      .object({
        serverId: ServerId.optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(100_000).optional(),
      })
      .strict(),
    output: z.array(ToolView),
  },
  'tools.get': { input: z.object({ serverId: ServerId, name: z.string() }).strict(), output: ToolView },
  'tools.validate': {
    input: z.object({ serverId: ServerId, name: z.string(), args: z.unknown() }).strict(),
    output: z.object({ status: z.enum(['valid', 'invalid', 'unchecked']), errors: z.array(ValidationError) }),
  },
  'tools.changes': { input: z.object({ serverId: ServerId.optional() }).strict(), output: z.array(CatalogChange) },
} as const;

export const events = {} as const;
