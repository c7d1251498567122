import { APP_MIME, mergeViewMeta, toolUi, viewMeta, type ViewMeta } from '../../../shared/apps.js';
import type { ReadResourceResult } from '../../../shared/schemas/content.js';
import type { ReviewViewInput } from '../../../shared/review/views.js';
import type { ViewPinState } from '../apps/index.js';

/** Views kept per server, and how much of each document. */
const VIEWS_PER_SERVER = 50;
const HTML_KEPT = 512 * 1024;
/** Views a review someone asked for reads itself, per server, when they were not read yet. */
export const VIEWS_READ_PER_REVIEW = 20;

/** Whether a content of a read is an MCP App view (reviewed by what it may reach, not read as prose). */
export const isViewContent = (c: { mimeType?: unknown }): boolean =>
  typeof c.mimeType === 'string' && c.mimeType.replace(/\s/g, '').toLowerCase() === APP_MIME;

/**
 * The MCP App views read so far, per server: each one's `_meta.ui` and its document (bounded), for
 * the review's rules on what a view may reach. A view is never read as text a model reads: no host
 * gives a view's HTML to a model.
 */
export class ViewMemory {
  private readonly byServer = new Map<string, Map<string, { meta?: ViewMeta; html?: string }>>();

  remember(serverId: string, uri: string, r: ReadResourceResult): void {
    const c = r.contents.find((x) => x.uri === uri && isViewContent(x)) ?? r.contents.find(isViewContent);
    if (!c) return;
    const html =
      typeof c.text === 'string'
        ? c.text
        : typeof c.blob === 'string'
          ? Buffer.from(c.blob.slice(0, HTML_KEPT * 2), 'base64').toString('utf8')
          : undefined;
    let m = this.byServer.get(serverId);
    if (!m) this.byServer.set(serverId, (m = new Map()));
    m.delete(uri);
    m.set(uri, { meta: viewMeta(c._meta), html: html?.slice(0, HTML_KEPT) });
    while (m.size > VIEWS_PER_SERVER) m.delete(m.keys().next().value!);
  }

  /**
   * The views a server's tools link, as the rules read them; `read` (a review someone asked for) reads those not read
   * yet.
   */
  async inputs(
    serverId: string,
    tools: readonly Record<string, unknown>[],
    listed: readonly { uri: string; _meta?: Record<string, unknown> }[],
    read?: (uri: string) => Promise<unknown>,
    pin?: (uri: string, html: string) => ViewPinState | undefined,
  ): Promise<ReviewViewInput[]> {
    const linked = new Map<string, string[]>();
    for (const t of tools) {
      const uri = toolUi(t).resourceUri;
      if (uri) linked.set(uri, [...(linked.get(uri) ?? []), String(t.name)]);
    }
    if (read) {
      const unread = [...linked.keys()]
        .filter((u) => !this.byServer.get(serverId)?.has(u))
        .slice(0, VIEWS_READ_PER_REVIEW);
      await Promise.all(unread.map((u) => read(u).catch(() => undefined)));
    }
    return [...linked].map(([uri, names]) => {
      const got = this.byServer.get(serverId)?.get(uri);
      const listing = viewMeta(listed.find((r) => r.uri === uri)?._meta);
      const meta = mergeViewMeta(listing, got?.meta);
      const p = got?.html !== undefined ? pin?.(uri, got.html) : undefined;
      const changed =
        p?.state === 'changed'
          ? {
              pinnedAt: p.pinnedAt,
              removed: p.diff.removed.length + p.diff.cut.removed,
              added: p.diff.added.length + p.diff.cut.added,
            }
          : undefined;
      return {
        uri,
        tools: names,
        meta,
        ...(got?.html !== undefined && { html: got.html }),
        ...(changed && { changed }),
      };
    });
  }
}
