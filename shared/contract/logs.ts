import { z } from 'zod';
import { LogLevel, LogPage } from '../schemas/log.js';
import { ServerId } from '../schemas/server.js';

/** Each server's log messages (notifications/message, stderr, the console's notes) and its log level. */
export const requests = {
  'logs.list': {
    input: z
      .object({
        serverId: ServerId,
        since: z.number().int().min(0).optional(),
        minLevel: LogLevel.optional(),
        text: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(5000).optional(),
      })
      .strict(),
    output: LogPage,
  },
  'logs.setLevel': {
    input: z.object({ serverId: ServerId, level: LogLevel }).strict(),
    output: z.object({ level: LogLevel, how: z.string() }),
  },
} as const;

export const events = {} as const;
