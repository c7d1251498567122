import { join } from 'node:path';
import { readPlacedText, writeFileAtomic } from '../support/index.js';
import { lineDiff, type LineDiff } from '../../../shared/line-diff.js';
import { parseMeasured } from '../../../shared/boundary.js';

/** How much of a pinned view is kept to diff against. */
const KEPT = 512 * 1024;

interface Pin {
  sha256: string;
  html: string;
  at: string;
  how: 'first-seen' | 'pinned';
}

/** A view against its pin: first seen now (pinned at once), as pinned, or changed since (with the diff). */
export type ViewPinState =
  | { state: 'first-seen' | 'pinned'; pinnedAt: string }
  | { state: 'changed'; pinnedAt: string; pinnedSha256: string; diff: LineDiff };

/**
 * Each server identity's MCP App views as a person last accepted them (the first one seen is taken
 * as it is, like a tool's definition), in `apps/<identity>.json`: a view whose document changed is
 * flagged, with the diff, until it is pinned again. An unreadable file is reported (`problem`); its
 * views are taken again as first seen.
 */
export class ViewPins {
  private cache = new Map<string, Map<string, Pin>>();
  problem: string | null = null;

  constructor(private readonly dir: string | null) {}

  /** Where `html` stands against the pin of `uri` for this identity; a view never seen is pinned now. */
  check(identity: string, uri: string, sha256: string, html: string): ViewPinState {
    const pins = this.load(identity);
    const pin = pins.get(uri);
    if (!pin) {
      const at = new Date().toISOString();
      pins.set(uri, { sha256, html: html.slice(0, KEPT), at, how: 'first-seen' });
      this.save(identity);
      return { state: 'first-seen', pinnedAt: at };
    }
    if (pin.sha256 === sha256) return { state: 'pinned', pinnedAt: pin.at };
    return {
      state: 'changed',
      pinnedAt: pin.at,
      pinnedSha256: pin.sha256,
      diff: lineDiff(pin.html, html.slice(0, KEPT)),
    };
  }

  /** A person pins the view as it is now. */
  pin(identity: string, uri: string, sha256: string, html: string): string {
    const at = new Date().toISOString();
    this.load(identity).set(uri, { sha256, html: html.slice(0, KEPT), at, how: 'pinned' });
    this.save(identity);
    return at;
  }

  private load(identity: string): Map<string, Pin> {
    let m = this.cache.get(identity);
    if (m) return m;
    m = new Map();
    if (this.dir) {
      try {
        const data = parseMeasured(
          readPlacedText(join(this.dir, `${identity}.json`), 'a view pins file'),
          'a view pins file',
        ) as {
          views?: Record<string, Pin>;
        };
        for (const [uri, p] of Object.entries(data.views ?? {}))
          if (typeof p?.sha256 === 'string' && typeof p.html === 'string') m.set(uri, p);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
          this.problem = `the view pins of ${identity} could not be read (${(e as Error).message}); views are taken again as first seen`;
      }
    }
    this.cache.set(identity, m);
    return m;
  }

  private save(identity: string): void {
    if (!this.dir) return;
    const views = Object.fromEntries(this.load(identity));
    try {
      writeFileAtomic(join(this.dir, `${identity}.json`), JSON.stringify({ version: 1, views }));
    } catch (e) {
      this.problem = `the view pins of ${identity} could not be written (${(e as Error).message})`;
    }
  }
}
