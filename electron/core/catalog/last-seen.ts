import { lstatSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { KeptItems } from '../../../shared/catalog-diff.js';
import { hashJson, readKept, writeKeptInSteps, writeKeptSync, type KeptSource } from '../support/index.js';

/** How long a new list waits before it is written to disk. */
const SEEN_DELAY_MS = 500;

/** A list as last seen: the items as the server sent them, and their fingerprints (one per item). */
interface LastSeen<T> {
  items: T[];
  fingerprints: string[];
}

/** A list held in memory as a kept list (the fingerprints hashed here when the caller had none). */
function inMemory<T>(kept: LastSeen<T>, keyOf: (item: T) => string): KeptItems<T> {
  const fps = kept.fingerprints.length === kept.items.length ? kept.fingerprints : undefined;
  return {
    length: kept.items.length,
    key: (i) => keyOf(kept.items[i]!),
    fingerprint: (i) => fps?.[i] ?? hashJson(kept.items[i]),
    item: (i) => kept.items[i],
  };
}

/** What the file holds, as a source to write: each item's text made as it is written. */
function sourceOf<T>(kept: LastSeen<T>, keyOf: (item: T) => string): KeptSource<T> {
  const { items, fingerprints } = kept;
  const hashed = fingerprints.length === items.length;
  return {
    items,
    count: items.length,
    key: keyOf,
    fingerprint: (item, i) => (hashed ? fingerprints[i]! : hashJson(item)),
    text: (item) => JSON.stringify(item),
  };
}

/**
 * The last version of each list seen per server identity and kind (tools; resources, prompts and
 * templates next), kept in the data directory so that a change is shown even across restarts.
 * Writes are debounced and off the listing path: what is kept is for the next session, not this one.
 * Each list is a kept list (an index of keys and fingerprints, and a file of definitions: see
 * support/kept-list.ts), in the data directory's `last-seen/` (`lastSeenDir`).
 */
/**
 * The data directory's folder of lists last seen, `last-seen/`. A data directory from before kept
 * them in `pins/` (a word that means the definitions a person accepted): that folder is renamed
 * once, when it is a real folder and `last-seen/` is not there yet.
 */
export function lastSeenDir(dataDir: string): string {
  const dir = join(dataDir, 'last-seen');
  const old = join(dataDir, 'pins');
  try {
    lstatSync(dir);
  } catch {
    try {
      if (lstatSync(old).isDirectory()) renameSync(old, dir);
    } catch {
      // No folder from before (or it cannot be moved): the lists are seen afresh.
    }
  }
  return dir;
}

export class LastSeenStore<T> {
  private seen = new Map<string, LastSeen<T>>();
  private timers = new Map<string, NodeJS.Timeout>();
  /** Each identity's latest write: a stepped write that a later one overtook is dropped. */
  private versions = new Map<string, number>();
  /** Identities whose stepped write has not landed yet. */
  private inflight = new Set<string>();

  /**
   * `dir` null: kept in memory only. `kind` names the list; tools keep the original file name. `keyOf` names an item.
   */
  constructor(
    private readonly dir: string | null,
    private readonly kind: string,
    private readonly keyOf: (item: T) => string,
  ) {}

  private file(identity: string): string {
    return join(this.dir!, this.kind === 'tools' ? `${identity}.json` : `${identity}.${this.kind}.json`);
  }

  /**
   * The list last seen of a server identity, from memory or disk; undefined when none is usable.
   * From disk, only the keys and fingerprints are read: an item's definition is read when asked
   * for (the diff asks for those whose fingerprint changed).
   */
  load(identity: string): KeptItems<T> | undefined {
    const mem = this.seen.get(identity);
    if (mem) return inMemory(mem, this.keyOf);
    if (!this.dir) return undefined;
    try {
      const read = readKept(this.file(identity), (item) => this.keyOf(item as T), 'a last-seen file');
      if (!read) return undefined;
      if ('defs' in read) return read.defs as unknown as KeptItems<T>;
      // A file of before 2026-11-27 holds every item (and, from that day, their fingerprints).
      const items = read.legacy[this.kind];
      if (!Array.isArray(items)) return undefined;
      const fps = read.legacy.fingerprints;
      const fingerprints =
        Array.isArray(fps) && fps.length === items.length && fps.every((f) => typeof f === 'string' && f.length === 64)
          ? (fps as string[])
          : [];
      return inMemory({ items: items as T[], fingerprints }, this.keyOf);
    } catch {
      return undefined;
    }
  }

  /** Pins a list now in memory, on disk shortly after. */
  save(identity: string, items: T[], fingerprints: string[]): void {
    const before = this.seen.get(identity)?.items;
    this.seen.set(identity, { items, fingerprints });
    if (!this.dir) return;
    // A listing that found nothing new (a re-list keeps each unchanged definition's own object) is
    // written already, or about to be: 100,000 tools are 27 MB of JSON to write for nothing.
    if (before && before.length === items.length && before.every((t, i) => t === items[i])) return;
    clearTimeout(this.timers.get(identity));
    const t = setTimeout(() => void this.writeInSteps(identity), SEEN_DELAY_MS);
    t.unref();
    this.timers.set(identity, t);
  }

  /**
   * Writes every list still waiting or being written (on close): one lost here would hide a change at the next start.
   */
  flush(): void {
    for (const [identity, t] of this.timers) {
      clearTimeout(t);
      this.write(identity);
    }
    for (const identity of this.inflight) this.write(identity);
    this.inflight.clear();
  }

  /** Writes a list a few milliseconds at a time: a catalog of large descriptions is tens of megabytes of JSON. */
  private async writeInSteps(identity: string): Promise<void> {
    this.timers.delete(identity);
    const kept = this.seen.get(identity);
    if (!kept || !this.dir) return;
    const version = (this.versions.get(identity) ?? 0) + 1;
    this.versions.set(identity, version);
    const current = () => this.versions.get(identity) === version;
    this.inflight.add(identity);
    await writeKeptInSteps(this.file(identity), sourceOf(kept, this.keyOf), () => ({}), current)
      .catch(() => null /* what was last seen is a convenience; the live list is unaffected */)
      .finally(() => current() && this.inflight.delete(identity));
  }

  private write(identity: string): void {
    this.timers.delete(identity);
    const kept = this.seen.get(identity);
    if (!kept || !this.dir) return;
    this.versions.set(identity, (this.versions.get(identity) ?? 0) + 1);
    try {
      writeKeptSync(this.file(identity), sourceOf(kept, this.keyOf), () => ({}));
    } catch {
      /* what was last seen is a convenience; the live list is unaffected */
    }
  }
}
