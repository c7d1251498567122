import { z } from 'zod';

/** A content block exactly as the server sent it (unknown fields kept). */
export const ContentBlock = z.looseObject({ type: z.string() });
export type ContentBlock = z.infer<typeof ContentBlock>;

/** Content annotations (audience, priority, lastModified). */
export interface ContentAnnotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}
export interface TextBlock {
  type: 'text';
  text: string;
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}
export interface ImageBlock {
  type: 'image';
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
}
export interface AudioBlock {
  type: 'audio';
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
}
export interface ResourceLinkBlock {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: ContentAnnotations;
}
export interface EmbeddedResourceBlock {
  type: 'resource';
  resource: { uri: string; mimeType?: string; text?: string; blob?: string };
  annotations?: ContentAnnotations;
}

/** A tools/call result exactly as received: all blocks, structuredContent, isError, _meta. */
export const CallToolResult = z.looseObject({
  content: z.array(ContentBlock).default([]),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type CallToolResult = z.infer<typeof CallToolResult>;

/** A resources/read result as received. */
export const ReadResourceResult = z.looseObject({
  contents: z.array(
    z.looseObject({
      uri: z.string(),
      mimeType: z.string().optional(),
      text: z.string().optional(),
      blob: z.string().optional(),
    }),
  ),
});
export type ReadResourceResult = z.infer<typeof ReadResourceResult>;
