import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asciiJson, commaJoined, writeFileAtomic, writeTextInSteps } from '../support/index.js';
import { parseMeasured } from '../../../shared/boundary.js';

/** How long a new list waits before it is written to disk. */
const SEEN_DELAY_MS = 500;

/** A list as last seen: the items as the server sent them, and their fingerprints when known. */
export interface LastSeen<T> {
  items: T[];
  fingerprints?: string[];
}

/** The fingerprints are written as the file's last field when there is one per item. */
const withFingerprints = (kept: LastSeen<unknown>): kept is Required<LastSeen<unknown>> =>
  !!kept.fingerprints && kept.fingerprints.length === kept.items.length && kept.items.length > 0;

/** The file's text in pieces: the items, then their fingerprints (one string of 100,000 of them was 40 MB more at the peak). */
function* lastSeenText(head: string, kept: LastSeen<unknown>): Generator<string> {
  yield head;
  yield* commaJoined(kept.items, (item) => JSON.stringify(item) ?? 'null');
  yield ']';
  if (withFingerprints(kept)) {
    yield ',"fingerprints":[';
    yield* commaJoined(kept.fingerprints, (f) => JSON.stringify(f));
    yield ']';
  }
  yield '}';
}

/**
 * The last version of each list seen per server identity and kind (tools; resources, prompts and
 * templates next), kept in the data directory so that a change is shown even across restarts.
 * Writes are debounced and off the listing path: what is kept is for the next session, not this one. (The folder on disk is still named `pins/`: a data directory keeps working.)
 */
export class LastSeenStore<T> {
  private seen = new Map<string, LastSeen<T>>();
  private timers = new Map<string, NodeJS.Timeout>();
  /** Each identity's latest write: a stepped write that a later one overtook is dropped. */
  private versions = new Map<string, number>();
  /** Identities whose stepped write has not landed yet. */
  private inflight = new Set<string>();

  /** `dir` null: kept in memory only. `kind` names the list; tools keep the original file name. */
  constructor(
    private readonly dir: string | null,
    private readonly kind: string,
  ) {}

  private file(identity: string): string {
    return join(this.dir!, this.kind === 'tools' ? `${identity}.json` : `${identity}.${this.kind}.json`);
  }

  /** The list last seen of a server identity, from memory or disk; undefined when none is usable. */
  load(identity: string): LastSeen<T> | undefined {
    const mem = this.seen.get(identity);
    if (mem) return mem;
    if (!this.dir) return undefined;
    try {
      const data = parseMeasured(readFileSync(this.file(identity), 'utf8'), 'a last-seen file') as { [k: string]: unknown };
      const items = data[this.kind];
      if (!Array.isArray(items)) return undefined;
      // Written beside the items since 2026-11-27: a list read back need not be hashed again (100,000
      // tools took half a second on the loop). A file without them, or with a count that does not
      // match, is hashed by the caller as before. (Each is only compared with a hash made now: a
      // wrong one shows its tool as changed, nothing more.)
      const fps = data.fingerprints;
      const fingerprints =
        Array.isArray(fps) && fps.length === items.length && fps.every((f) => typeof f === 'string' && f.length === 64) ? (fps as string[]) : undefined;
      return { items: items as T[], ...(fingerprints && { fingerprints }) };
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

  /** Writes every list still waiting or being written (on close): one lost here would hide a change at the next start. */
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
    const head = `{"savedAt":${JSON.stringify(new Date().toISOString())},${JSON.stringify(this.kind)}:[`;
    const current = () => this.versions.get(identity) === version;
    this.inflight.add(identity);
    await writeTextInSteps(this.file(identity), lastSeenText(head, kept), current)
      .catch(() => false /* what was last seen is a convenience; the live list is unaffected */)
      .finally(() => current() && this.inflight.delete(identity));
  }

  private write(identity: string): void {
    this.timers.delete(identity);
    const kept = this.seen.get(identity);
    if (!kept || !this.dir) return;
    this.versions.set(identity, (this.versions.get(identity) ?? 0) + 1);
    try {
      const text = JSON.stringify({
        savedAt: new Date().toISOString(),
        [this.kind]: kept.items,
        ...(withFingerprints(kept) && { fingerprints: kept.fingerprints }),
      });
      // As the stepped write writes it: ASCII, read back as a one-byte string.
      writeFileAtomic(this.file(identity), asciiJson(text));
    } catch {
      /* what was last seen is a convenience; the live list is unaffected */
    }
  }
}
