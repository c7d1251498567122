import { basename, join } from 'node:path';
import { appendKeptDefs, KeptDefs, readKept, writeKeptIndexSync, writeKeptInSteps, writeKeptSync, type KeptEntry, type KeptIndex } from '../support/index.js';

/** A tool as the person accepted it for agents: its fingerprint, and the definition (for the diff when it changes). */
export interface AcceptedTool {
  fingerprint: string;
  /** The definition while held in memory; once written, read from the pins' definitions file when asked for (`definition`). */
  def?: Record<string, unknown> | undefined;
  /** Pinned at first sight (trust on first use) or accepted by a person; absent in files written before this was kept. */
  how?: 'first-seen' | 'accepted';
  at?: string;
  /** Where its definition sits in the identity's definitions file (a slot of `OnDisk`), once written. */
  slot?: number;
}

/** How long pins taken at first sight wait before they are written (they count at once). */
const FIRST_SIGHT_WRITE_DELAY_MS = 3000;

/** A definitions file is written again whole when what no pin names in it passes what they do (and this much). */
const SLACK_BYTES = 1 << 20;

const toolName = (def: Record<string, unknown>): string => String(def.name);

function pinOf(t: AcceptedTool): AcceptedTool {
  return { fingerprint: t.fingerprint, def: t.def, ...(t.how ? { how: t.how } : {}), ...(t.at ? { at: t.at } : {}) };
}

/** What the index keeps beside the keys, in their order: how each was pinned, and when (each time written once). */
function extraOf(pins: Map<string, AcceptedTool>): Record<string, unknown> {
  const ats: string[] = [];
  const atIndex = new Map<string, number>();
  const atOf: number[] = [];
  let how = '';
  for (const p of pins.values()) {
    how += p.how === 'accepted' ? 'a' : p.how === 'first-seen' ? 'f' : '-';
    if (p.at === undefined) atOf.push(-1);
    else {
      let i = atIndex.get(p.at);
      if (i === undefined) atIndex.set(p.at, (i = ats.push(p.at) - 1));
      atOf.push(i);
    }
  }
  return { how, ats, atOf };
}

/** The pins of an index read back, each with the slot of its definition. */
function pinsOf(index: KeptIndex & Record<string, unknown>): Map<string, AcceptedTool> {
  const how = typeof index.how === 'string' ? index.how : '';
  const ats = Array.isArray(index.ats) ? index.ats : [];
  const atOf = Array.isArray(index.atOf) ? index.atOf : [];
  const pins = new Map<string, AcceptedTool>();
  index.keys.forEach((name, i) => {
    const h = how[i];
    const at = ats[atOf[i] as number];
    pins.set(name, {
      fingerprint: index.fingerprints[i]!,
      ...(h === 'a' ? { how: 'accepted' as const } : h === 'f' ? { how: 'first-seen' as const } : {}),
      ...(typeof at === 'string' && { at }),
      slot: i,
    });
  });
  return pins;
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
export class AcceptedTools {
  private cache = new Map<string, Map<string, AcceptedTool> | null>();
  /** Each identity's definitions file, when every pin in memory without a definition has a slot in it. */
  private disk = new Map<string, KeptDefs>();
  /** Each identity's write count: a stepped write that a later accept overtook is dropped. */
  private versions = new Map<string, number>();
  private writing = new Set<Promise<void>>();
  private waiting = new Map<() => void, NodeJS.Timeout>();

  constructor(private readonly dir: string) {}

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
        this.disk.set(identity, new KeptDefs(read.defs.path, read.defs.keys, [], read.defs.spans, toolName));
      } else {
        // A file of before 2026-11-27 (every definition in it): written again as a kept list, in steps.
        const tools = (read.legacy.tools ?? {}) as Record<string, AcceptedTool>;
        m = new Map(Object.entries(tools).filter(([, t]) => typeof t?.fingerprint === 'string'));
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
    return pin.slot === undefined ? undefined : this.disk.get(identity)?.item(pin.slot);
  }

  /** Every pinned definition of an identity (an export), the file read through once. */
  definitions(identity: string): Map<string, Record<string, unknown> | undefined> | null {
    const pins = this.get(identity);
    if (!pins) return null;
    const disk = this.disk.get(identity);
    const read = (item: (i: number) => Record<string, unknown> | undefined) =>
      new Map([...pins].map(([name, p]) => [name, p.def ?? (p.slot === undefined ? undefined : item(p.slot))]));
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
      tools.forEach((t, k) => {
        const pin = m.get(t.name)!;
        pin.slot = disk.keys.push(t.name) - 1;
        disk.spans.push(spans[2 * k]!, spans[2 * k + 1]!);
      });
      this.writeIndex(identity, m, disk);
    } else this.writeAll(identity, m);
    this.cache.set(identity, m);
  }

  /**
   * Takes the pins of a server identity seen for the first time: they count at once, and are
   * written a few seconds later, in steps of a few milliseconds (100,000 definitions are tens of
   * megabytes of JSON; the page is loading that catalog meanwhile). A write that a later accept
   * overtook is dropped; close() writes what waits. A process killed before the write lands
   * takes its pins at first sight again on the next start.
   */
  firstSight(identity: string, tools: Array<{ name: string } & AcceptedTool> | Map<string, AcceptedTool>): Promise<void> {
    const m = tools instanceof Map ? tools : new Map(tools.map((t) => [t.name, pinOf(t)]));
    this.cache.set(identity, m);
    this.disk.delete(identity);
    return this.writeLater(identity, m);
  }

  /** Writes an identity's pins whole a few seconds from now, in steps; then they name their slots and hold no definition. */
  private writeLater(identity: string, m: Map<string, AcceptedTool>): Promise<void> {
    const version = (this.versions.get(identity) ?? 0) + 1;
    this.versions.set(identity, version);
    const current = () => this.versions.get(identity) === version;
    const write = async (): Promise<void> => {
      const written = await writeKeptInSteps(this.file(identity), this.entries(identity, m), () => extraOf(m), current);
      if (written && current()) this.landed(identity, m, written.defsPath, written.index);
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
  }

  /** Each pin as an entry of a whole write: its definition held, or copied as written from the file. */
  private *entries(identity: string, m: Map<string, AcceptedTool>): Generator<KeptEntry> {
    const disk = this.disk.get(identity);
    for (const [name, p] of m) {
      const text = p.def ? JSON.stringify(p.def) : p.slot !== undefined && disk ? disk.text(p.slot) : undefined;
      yield { key: name, fingerprint: p.fingerprint, text };
    }
  }

  /** Writes an identity's pins whole, at once: a new definitions file and its index. */
  private writeAll(identity: string, m: Map<string, AcceptedTool>): void {
    const disk = this.disk.get(identity);
    const written = disk
      ? disk.each((_item, text) => writeKeptSync(this.file(identity), this.entriesFrom(m, text), () => extraOf(m)))
      : writeKeptSync(this.file(identity), this.entries(identity, m), () => extraOf(m));
    this.landed(identity, m, written.defsPath, written.index);
  }

  private *entriesFrom(m: Map<string, AcceptedTool>, text: (slot: number) => string | undefined): Generator<KeptEntry> {
    for (const [name, p] of m)
      yield { key: name, fingerprint: p.fingerprint, text: p.def ? JSON.stringify(p.def) : p.slot !== undefined ? text(p.slot) : undefined };
  }

  /** A whole write landed: each pin names its slot, in the order written, and lets its definition go. */
  private landed(identity: string, m: Map<string, AcceptedTool>, defsPath: string, index: KeptIndex): void {
    let i = 0;
    for (const p of m.values()) {
      p.slot = i++;
      p.def = undefined;
    }
    this.disk.set(identity, new KeptDefs(defsPath, index.keys, [], index.spans, toolName));
  }

  /** Writes the index at once (every pin has a slot); the definitions file written again when mostly unnamed. */
  private writeIndex(identity: string, m: Map<string, AcceptedTool>, disk: KeptDefs): void {
    const index: KeptIndex = { kept: 2, savedAt: new Date().toISOString(), defs: basename(disk.path), keys: [], fingerprints: [], spans: [] };
    let named = 0;
    for (const [name, p] of m) {
      const at = 2 * p.slot!;
      index.keys.push(name);
      index.fingerprints.push(p.fingerprint);
      index.spans.push(disk.spans[at]!, disk.spans[at + 1]!);
      named += disk.spans[at + 1]! + 1;
    }
    const last = disk.spans.length ? disk.spans[disk.spans.length - 2]! + disk.spans[disk.spans.length - 1]! + 1 : 0;
    if (last - named > named + SLACK_BYTES) return this.writeAll(identity, m);
    writeKeptIndexSync(this.file(identity), index, extraOf(m));
  }
}
