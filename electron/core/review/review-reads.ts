import type { ReadResourceResult } from '../../../shared/schemas/content.js';
import type { GetPromptResult } from '../../../shared/schemas/prompt.js';
import type { ReviewServerInput } from '../../../shared/review/review.js';
import { isViewContent, type ViewMemory } from './review-views.js';

/** Resource reads and prompt gets kept per server for the review, and how much of each text. */
const REMEMBERED_PER_SERVER = 100;
const REMEMBERED_TEXT_CHARS = 1_000_000;

/** What resource reads and prompt gets returned lately, per server (bounded), for the next review. */
export class ReadMemory {
  private got = new Map<string, Map<string, NonNullable<ReviewServerInput['contents']>[number]>>();

  /** `views` keeps the MCP App views a read returns. */
  constructor(private readonly views: ViewMemory) {}

  /**
   * Keeps the text a resource read or a prompt got returned, for the next review: the newest 100
   * per server, each text cut at 1 MB (a read of the same subject replaces the one before).
   */
  private remember(
    serverId: string,
    kind: 'resource' | 'prompt',
    subject: string,
    texts: { path: string; text: string }[],
  ): void {
    let m = this.got.get(serverId);
    if (!m) this.got.set(serverId, (m = new Map()));
    const key = `${kind}\u0000${subject}`;
    m.delete(key);
    m.set(key, {
      kind,
      subject,
      texts: texts.slice(0, 50).map((t) => ({ path: t.path, text: t.text.slice(0, REMEMBERED_TEXT_CHARS) })),
    });
    while (m.size > REMEMBERED_PER_SERVER) m.delete(m.keys().next().value!);
  }

  /** Keeps the text of a resource read (each text content); false for a view alone (no text to review as prose). */
  read(serverId: string, uri: string, r: ReadResourceResult): boolean {
    // An MCP App view is reviewed for what it may reach, never read as prose (no host shows a model its HTML).
    if (r.contents.some(isViewContent)) this.views.remember(serverId, uri, r);
    const texts = r.contents.flatMap((c, i) =>
      typeof c.text === 'string' && !isViewContent(c) ? [{ path: `contents[${i}].text`, text: c.text }] : [],
    );
    if (!texts.length && r.contents.some(isViewContent)) return false;
    this.remember(serverId, 'resource', uri, texts);
    return true;
  }

  /** Keeps the text of the messages a prompt got returned for the next review. */
  prompt(serverId: string, name: string, r: GetPromptResult): void {
    const texts = r.messages.flatMap((m, i) =>
      m.content.type === 'text' && typeof m.content.text === 'string'
        ? [{ path: `messages[${i}].content.text`, text: m.content.text }]
        : [],
    );
    this.remember(serverId, 'prompt', name, texts);
  }

  /** What was remembered of a server's resource reads and prompt gets. */
  contents(serverId: string): NonNullable<ReviewServerInput['contents']> {
    return [...(this.got.get(serverId)?.values() ?? [])];
  }
}
