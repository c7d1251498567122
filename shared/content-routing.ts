import type { ContentBlock } from './schemas/content.js';

/** Who a result view is for: what a host shows its user, or what the model receives. */
export type Audience = 'user' | 'assistant';

/** Priority assumed for a block that gives none: the middle of the spec's 0..1 range. */
export const DEFAULT_PRIORITY = 0.5;
/** Blocks below this priority are collapsed in a view. */
export const COLLAPSE_BELOW = 0.3;

/** One block placed in a view, with its index in the server's order. */
export interface RoutedBlock {
  index: number;
  block: ContentBlock;
  priority: number;
  declaredPriority: number | undefined;
  audience: 'user' | 'assistant' | 'both';
  collapsed: boolean;
}

function annotationsOf(block: ContentBlock): { audience?: unknown; priority?: unknown } {
  const a = (block as { annotations?: unknown }).annotations;
  return a && typeof a === 'object' ? (a as { audience?: unknown; priority?: unknown }) : {};
}

/** The audience of a block: unset (or malformed) means both. */
export function blockAudience(block: ContentBlock): 'user' | 'assistant' | 'both' {
  const aud = annotationsOf(block).audience;
  if (!Array.isArray(aud) || aud.length === 0) return 'both';
  const user = aud.includes('user');
  const assistant = aud.includes('assistant');
  if (user && assistant) return 'both';
  if (user) return 'user';
  if (assistant) return 'assistant';
  return 'both';
}

/** The declared priority when it is a number in 0..1, else undefined. */
export function blockPriority(block: ContentBlock): number | undefined {
  const p = annotationsOf(block).priority;
  return typeof p === 'number' && p >= 0 && p <= 1 ? p : undefined;
}

/**
 * The blocks one audience sees, highest priority first (unset = middle; ties keep the
 * server's order), with low-priority blocks marked collapsed.
 */
export function routeContent(content: readonly ContentBlock[], view: Audience): RoutedBlock[] {
  const routed: RoutedBlock[] = [];
  content.forEach((block, index) => {
    const audience = blockAudience(block);
    if (audience !== 'both' && audience !== view) return;
    const declaredPriority = blockPriority(block);
    const priority = declaredPriority ?? DEFAULT_PRIORITY;
    routed.push({ index, block, priority, declaredPriority, audience, collapsed: priority < COLLAPSE_BELOW });
  });
  return routed.sort((a, b) => b.priority - a.priority || a.index - b.index);
}
