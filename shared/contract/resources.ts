import { z } from 'zod';
import { byServer } from './common.js';
import { ReadResourceResult } from '../schemas/content.js';
import { ResourceTemplateView, ResourceView } from '../schemas/resource.js';
import { ServerId } from '../schemas/server.js';

/** A server's resources and resource templates: read, listed, expanded, subscribed to. */
export const requests = {
  'resources.read': {
    input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(),
    output: ReadResourceResult,
  },
  'resources.list': {
    input: z
      .object({
        serverId: ServerId,
        refresh: z.boolean().optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(100_000).optional(),
      })
      .strict(),
    output: z.array(ResourceView),
  },
  'resources.templates': { input: byServer, output: z.array(ResourceTemplateView) },
  'resources.expand': {
    input: z
      .object({ uriTemplate: z.string().min(1).max(8192), values: z.record(z.string(), z.string()).optional() })
      .strict(),
    output: z.object({ variables: z.array(z.string()), uri: z.string() }),
  },
  'resources.subscribe': {
    input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(),
    output: z.array(z.string()),
  },
  'resources.unsubscribe': {
    input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(),
    output: z.array(z.string()),
  },
} as const;

export const events = {
  'resource.updated': z.object({ serverId: z.string(), uri: z.string(), at: z.string() }),
} as const;
