import { join } from 'node:path';
import {
  appendKeptDefs,
  KeptDefs,
  readKept,
  writeKeptIndexSync,
  writeKeptInSteps,
  writeKeptSync,
  type KeptIndex,
  type KeptSource,
  type KeptWritten,
} from '../support/index.js';

/** A tool as the person accepted it for agents: its fingerprint, and the definition (for the diff when it changes). */
export interface AcceptedTool {
  fingerprint: string;
  /**
   * The definition while held in memory; once written, read from the pins' definitions file when asked for
   * (`definition`).
   */
  def?: Record<string, unknown> | undefined;
  /**
   * Pinned at first sight (trust on first use) or accepted by a person; absent in files written before this was kept.
   */
  how?: 'first-seen' | 'accepted';
  at?: string;
  /** Where its definition sits in the identity's definitions file (its place among the spans), once written. */
  slot?: number;
}

/** How long pins taken at first sight wait before they are written (they count at once). */
const FIRST_SIGHT_WRITE_DELAY_MS = 3000;

/** A definitions file is written again whole when what no pin names in it passes what they do (and this much). */
const SLACK_BYTES = 1 << 20;

const toolName = (def: Record<string, unknown>): string => String(def.name);

/**
 * A pin, every field in one order from the start (a field added later to 100,000 of them was
 * 100,000 more allocations, and a pin written is given its slot).
 */
export function newPin(
  fingerprint: string,
  def: AcceptedTool['def'],
  how: AcceptedTool['how'],
  at: string | undefined,
  slot?: number,
): AcceptedTool {
  return { fingerprint, def, how, at, slot };
}

const pinOf = (t: AcceptedTool, slot?: number): AcceptedTool => newPin(t.fingerprint, t.def, t.how, t.at, slot);

/**
 * What the index keeps beside the keys, in their order: how each was pinned (one letter each), and
 * when, as runs of one time (`atRuns`: the time's place in `ats`, or -1, then how many in a row; the
 * pins of a first sight share one time). Neither is a string or array of 100,000 pieces.
 */
function extraOf(pins: Map<string, AcceptedTool>): Record<string, unknown> {
  const ats: string[] = [];
  const atIndex = new Map<string, number>();
  const atRuns: number[] = [];
  const how = Buffer.allocUnsafe(pins.size);
  let i = 0;
  for (const p of pins.values()) {
    how[i++] = p.how === 'accepted' ? 0x61 : p.how === 'first-seen' ? 0x66 : 0x2d;
    let at = p.at === undefined ? -1 : atIndex.get(p.at);
    if (at === undefined) atIndex.set(p.at!, (at = ats.push(p.at!) - 1));
    if (atRuns.length && atRuns[atRuns.length - 2] === at) atRuns[atRuns.length - 1]!++;
    else atRuns.push(at, 1);
  }
  return { how: how.toString('latin1', 0, i), ats, atRuns };
}

/** The pins of an index read back, each with the slot of its definition. */
function pinsOf(index: KeptIndex & Record<string, unknown>): Map<string, AcceptedTool> {
  const how = typeof index.how === 'string' ? index.how : '';
  const ats = Array.isArray(index.ats) ? index.ats : [];
  const runs = Array.isArray(index.atRuns) ? index.atRuns : [];
  let run = 0;
  let left = 0;
  let atNow: unknown;
  const pins = new Map<string, AcceptedTool>();
  index.keys.forEach((name, i) => {
    const h = how[i];
    while (left <= 0 && run < runs.length) {
      atNow = runs[run];
      left = Number(runs[run + 1]) || 0;
      run += 2;
    }
    const at: unknown = left-- > 0 ? ats[atNow as number] : undefined;
    const pin = {
      fingerprint: index.fingerprints[i]!,
      how: h === 'a' ? 'accepted' : h === 'f' ? 'first-seen' : undefined,
      at: typeof at === 'string' ? at : undefined,
    };
    pins.set(name, pinOf(pin as AcceptedTool, i));
  });
  return pins;
}

/**
 * An identity's pins as a source to write: a definition held is written, else copied as written from the file (`text`).
 */
function sourceOf(
  m: Map<string, AcceptedTool>,
  text: (slot: number, name: string) => string | undefined,
): KeptSource<[string, AcceptedTool]> {
  return {
    items: m,
    count: m.size,
    key: ([name]) => name,
    fingerprint: ([, p]) => p.fingerprint,
    text: ([name, p]) => (p.def ? JSON.stringify(p.def) : p.slot === undefined ? undefined : text(p.slot, name)),
  };
}

/**
 * The tool definitions the person accepted for agents, per server identity, in
 * `gateway/<identity>.json`. An agent sees a tool only while its definition is the accepted one.
 * The first listing of a server identity is its baseline (trust on first use, recorded in the
 * audit log); from then on a new or changed tool waits for the person.
 *
 * Each identity's pins are a kept list (support/kept-list.ts): names, fingerprints and how each
 * was pinned in the index, read whole; the definitions beside it, read when a diff or an export
 * asks for them. A person's accept appends its definitions and writes the index again.
 */
/** How an identity's pins changed: its first listing taken as they were, or a person's accept, import or removal. */
export type PinChange = 'first-sight' | 'changed';

export class AcceptedTools {
  private cache = new Map<string, Map<string, AcceptedTool> | null>();
  /** Each identity's definitions file, when every pin in memory without a definition has a slot in it. */
  private disk = new Map<string, KeptDefs>();
  /** Each identity's write count: a stepped write that a later accept overtook is dropped. */
  private versions = new Map<string, number>();
  private writing = new Set<Promise<void>>();
  private waiting = new Map<() => void, NodeJS.Timeout>();
  private readonly followers = new Set<(identity: string, how: PinChange) => void>();

  constructor(private readonly dir: string) {}

  /** Calls `fn` after an identity's pins changed: taken at first sight, or accepted, imported or forgotten. */
  follow(fn: (identity: string, how: PinChange) => void): void {
    this.followers.add(fn);
  }

  private told(identity: string, how: PinChange): void {
    for (const fn of this.followers) fn(identity, how);
  }

  private file(identity: string): string {
    return join(this.dir, `${identity}.json`);
  }

  /** The accepted tools of a server identity; null when it has no baseline yet. */
  get(identity: string): Map<string, AcceptedTool> | null {
    if (this.cache.has(identity)) return this.cache.get(identity)!;
    let m: Map<string, AcceptedTool> | null;
    try {
      const read = readKept(this.file(identity), toolName, 'an accepted-tools file');
      if (!read) m = null;
      else if ('defs' in read) {
        m = pinsOf(read.index);
        // Each pin holds its fingerprint; the file's reader keeps none (100,000 of them are 8 MB).
        this.disk.set(identity, new KeptDefs(read.defs.path, [], [], Float64Array.from(read.defs.spans), toolName));
      } else {
        // A file of before 2026-11-27 (every definition in it): written again as a kept list, in steps.
        const tools = (read.legacy.tools ?? {}) as Record<string, AcceptedTool>;
        m = new Map(
          Object.entries(tools).flatMap(([name, t]) =>
            typeof t?.fingerprint === 'string' ? [[name, pinOf(t)] as const] : [],
          ),
        );
        this.cache.set(identity, m);
        void this.writeLater(identity, m);
      }
    } catch {
      // An unreadable file is not a missing one: nothing in it counts, so every tool waits for the
      // person again (fail closed), and the next accept writes a sound file.
      m = new Map();
    }
    this.cache.set(identity, m);
    return m;
  }

  /** A pinned tool's definition: held, or read from its file; undefined when neither has it. */
  definition(identity: string, name: string): Record<string, unknown> | undefined {
    const pin = this.get(identity)?.get(name);
    if (!pin) return undefined;
    if (pin.def) return pin.def;
    return pin.slot === undefined ? undefined : this.disk.get(identity)?.item(pin.slot, undefined, name);
  }

  /** Every pinned definition of an identity (an export), the file read through once. */
  definitions(identity: string): Map<string, Record<string, unknown> | undefined> | null {
    const pins = this.get(identity);
    if (!pins) return null;
    const disk = this.disk.get(identity);
    const read = (item: (i: number, key?: string) => Record<string, unknown> | undefined) =>
      new Map([...pins].map(([name, p]) => [name, p.def ?? (p.slot === undefined ? undefined : item(p.slot, name))]));
    return disk ? disk.each((item) => read(item)) : read(() => undefined);
  }

  /** Accepts these definitions (a baseline when `replace`), written before it counts. */
  accept(identity: string, tools: Array<{ name: string } & AcceptedTool>, replace = false): void {
    const m = replace ? new Map<string, AcceptedTool>() : new Map(this.get(identity) ?? []);
    for (const t of tools) m.set(t.name, pinOf(t));
    this.versions.set(identity, (this.versions.get(identity) ?? 0) + 1);
    const disk = replace ? undefined : this.disk.get(identity);
    if (disk) {
      // The new definitions appended, then the index naming them: 100,000 pins are not written again for one.
      const spans = appendKeptDefs(
        disk.path,
        tools.map((t) => JSON.stringify(t.def ?? null)),
      );
      const grown = new Float64Array(disk.spans.length + spans.length);
      grown.set(disk.spans as Float64Array);
      grown.set(spans, disk.spans.length);
      tools.forEach((t, k) => (m.get(t.name)!.slot = disk.spans.length / 2 + k));
      disk.spans = grown;
      this.writeIndex(identity, m, disk);
    } else this.writeAll(identity, m);
    this.cache.set(identity, m);
    this.told(identity, 'changed');
  }

  /**
   * Takes the pins of a server identity seen for the first time: they count at once, and are
   * written a few seconds later, in steps of a few milliseconds (100,000 definitions are tens of
   * megabytes of JSON; the page is loading that catalog meanwhile). A write that a later accept
   * overtook is dropped; close() writes what waits. A process killed before the write lands
   * takes its pins at first sight again on the next start.
   */
  firstSight(
    identity: string,
    tools: Array<{ name: string } & AcceptedTool> | Map<string, AcceptedTool>,
  ): Promise<void> {
    const m = tools instanceof Map ? tools : new Map(tools.map((t) => [t.name, pinOf(t)]));
    this.cache.set(identity, m);
    this.disk.delete(identity);
    const written = this.writeLater(identity, m);
    this.told(identity, 'first-sight');
    return written;
  }

  /**
   * Writes an identity's pins whole a few seconds from now, in steps; then they name their slots and hold no
   * definition.
   */
  private writeLater(identity: string, m: Map<string, AcceptedTool>): Promise<void> {
    const version = (this.versions.get(identity) ?? 0) + 1;
    this.versions.set(identity, version);
    const current = () => this.versions.get(identity) === version;
    const write = async (): Promise<void> => {
      const disk = this.disk.get(identity);
      const written = await writeKeptInSteps(
        this.file(identity),
        sourceOf(m, (slot) => disk?.text(slot)),
        () => extraOf(m),
        current,
      );
      if (written && current()) this.landed(identity, m, written);
    };
    // Later, not now: a server seen for the first time is also a catalog the page is loading.
    const done = new Promise<void>((resolve) => {
      const run = () => {
        this.waiting.delete(run);
        write().then(resolve, () => resolve());
      };
      this.waiting.set(run, setTimeout(run, FIRST_SIGHT_WRITE_DELAY_MS).unref());
    });
    this.writing.add(done);
    return done.finally(() => this.writing.delete(done));
  }

  /** Starts the writes still waiting and resolves when every write has landed (on close). */
  async idle(): Promise<void> {
    for (const [run, timer] of [...this.waiting]) {
      clearTimeout(timer);
      run();
    }
    await Promise.all([...this.writing]);
  }

  /** Forgets tools the server no longer offers, so that one coming back is asked about again. */
  forget(identity: string, names: string[]): void {
    const m = this.get(identity);
    if (!m || !names.some((n) => m.has(n))) return;
    for (const n of names) m.delete(n);
    this.versions.set(identity, (this.versions.get(identity) ?? 0) + 1);
    this.cache.set(identity, m);
    const disk = this.disk.get(identity);
    if (disk) this.writeIndex(identity, m, disk);
    else this.writeAll(identity, m);
    this.told(identity, 'changed');
  }

  /** Writes an identity's pins whole, at once: a new definitions file and its index. */
  private writeAll(identity: string, m: Map<string, AcceptedTool>): void {
    const disk = this.disk.get(identity);
    const write = (text: (slot: number) => string | undefined) =>
      writeKeptSync(this.file(identity), sourceOf(m, text), () => extraOf(m));
    this.landed(identity, m, disk ? disk.each((_item, text) => write(text)) : write(() => undefined));
  }

  /**
   * A whole write landed: each pin names its slot, in the order written, and lets its definition go (the file has it).
   */
  private landed(identity: string, m: Map<string, AcceptedTool>, written: KeptWritten): void {
    let i = 0;
    for (const p of m.values()) {
      p.slot = i++;
      p.def = undefined;
    }
    this.disk.set(identity, new KeptDefs(written.defsPath, [], [], written.spans, toolName));
  }

  /** Writes the index at once (every pin has a slot); the definitions file written again when mostly unnamed. */
  private writeIndex(identity: string, m: Map<string, AcceptedTool>, disk: KeptDefs): void {
    let named = 0;
    for (const p of m.values()) named += disk.spans[2 * p.slot! + 1]! + 1;
    // Appended in order: the last span ends where the file's named bytes do.
    const n = disk.spans.length;
    const end = n ? disk.spans[n - 2]! + disk.spans[n - 1]! + 1 : 0;
    if (end - named > named + SLACK_BYTES) return this.writeAll(identity, m);
    writeKeptIndexSync(
      this.file(identity),
      disk.path,
      sourceOf(m, () => undefined),
      ([, p]) => p.slot!,
      disk.spans,
      extraOf(m),
    );
  }
}
