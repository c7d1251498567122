import { z } from 'zod';
import { none, byServer, ok } from './common.js';
import { DoctorReport, ServerConfig, ServerId, ServerSettingsPatch, ServerView } from '../schemas/server.js';

/** Servers: the saved list, connecting, a server's stderr, its round trip and the connection doctor. */
export const requests = {
  'servers.list': { input: none, output: z.array(ServerView) },
  'servers.add': {
    input: z.object({ id: ServerId, config: ServerConfig, settings: ServerSettingsPatch.optional() }).strict(),
    output: ServerView,
  },
  'servers.update': {
    input: z
      .object({ serverId: ServerId, config: ServerConfig.optional(), settings: ServerSettingsPatch.optional() })
      .strict(),
    output: ServerView,
  },
  'servers.remove': { input: byServer, output: ok },
  'servers.import': {
    input: z.object({ json: z.string().max(5_000_000) }).strict(),
    output: z.object({ added: z.array(z.string()), replaced: z.array(z.string()), warnings: z.array(z.string()) }),
  },
  'servers.connect': { input: byServer, output: ServerView },
  'servers.disconnect': { input: byServer, output: ServerView },
  'servers.status': { input: byServer, output: ServerView },
  'servers.stderr': { input: byServer, output: z.object({ lines: z.array(z.string()), dropped: z.number().int() }) },
  'servers.ping': { input: byServer, output: z.object({ method: z.string(), ms: z.number() }) },
  'servers.doctor': { input: byServer, output: DoctorReport },
} as const;

export const events = {
  'server.status': ServerView,
  'server.removed': z.object({ serverId: z.string() }),
  'server.stderr': z.object({ serverId: z.string(), lines: z.array(z.string()) }),
} as const;
