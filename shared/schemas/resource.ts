import { z } from 'zod';
import { Icon } from './tool.js';

/** One resource a server lists (`resources/list`), as the console shows it. */
export const ResourceView = z.object({
  serverId: z.string(),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
  icons: z.array(Icon).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type ResourceView = z.infer<typeof ResourceView>;

/** One resource template (`resources/templates/list`): an RFC 6570 URI template. */
export const ResourceTemplateView = z.object({
  serverId: z.string(),
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type ResourceTemplateView = z.infer<typeof ResourceTemplateView>;
