import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asciiJson, writeFileAtomic, writeJsonInSteps } from '../support/index.js';
import { parseMeasured } from '../../../shared/boundary.js';

/** A tool as the person accepted it for agents: its fingerprint, and the definition (for the diff when it changes). */
export interface AcceptedTool {
  fingerprint: string;
  def: Record<string, unknown>;
  /** Pinned at first sight (trust on first use) or accepted by a person; absent in files written before this was kept. */
  how?: 'first-seen' | 'accepted';
  at?: string;
}

/** How long pins taken at first sight wait before they are written (they count at once). */
const FIRST_SIGHT_WRITE_DELAY_MS = 3000;

function pinOf(t: AcceptedTool): AcceptedTool {
  return { fingerprint: t.fingerprint, def: t.def, ...(t.how ? { how: t.how } : {}), ...(t.at ? { at: t.at } : {}) };
}

/**
 * The tool definitions the person accepted for agents, per server identity, in
 * `gateway/<identity>.json`. An agent sees a tool only while its definition is the accepted one.
 * The first listing of a server identity is its baseline (trust on first use, recorded in the
 * audit log); from then on a new or changed tool waits for the person.
 */
export class AcceptedTools {
  private cache = new Map<string, Map<string, AcceptedTool> | null>();
  /** Each identity's write count: a first-sight write that a later accept overtook is dropped. */
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
      const data = parseMeasured(readFileSync(this.file(identity), 'utf8'), 'an accepted-tools file') as { tools?: Record<string, AcceptedTool> };
      m = new Map(Object.entries(data.tools ?? {}).filter(([, t]) => typeof t?.fingerprint === 'string'));
    } catch (e) {
      // No file: no baseline yet. An unreadable one is not a missing one: nothing in it counts, so every
      // tool waits for the person again (fail closed), and the next accept writes a sound file.
      m = (e as NodeJS.ErrnoException).code === 'ENOENT' ? null : new Map();
    }
    this.cache.set(identity, m);
    return m;
  }

  /** Accepts these definitions (a baseline when `replace`), written before it counts. */
  accept(identity: string, tools: Array<{ name: string } & AcceptedTool>, replace = false): void {
    const m = replace ? new Map<string, AcceptedTool>() : new Map(this.get(identity) ?? []);
    for (const t of tools) m.set(t.name, pinOf(t));
    this.versions.set(identity, (this.versions.get(identity) ?? 0) + 1);
    // ASCII, as the first sight's stepped write: read back as a one-byte string (see asciiJson).
    writeFileAtomic(this.file(identity), asciiJson(JSON.stringify({ tools: Object.fromEntries(m) })) + '\n');
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
    const version = (this.versions.get(identity) ?? 0) + 1;
    this.versions.set(identity, version);
    this.cache.set(identity, m);
    const file = this.file(identity);
    const write = async (): Promise<void> => {
      const current = () => this.versions.get(identity) === version;
      await writeJsonInSteps(file, '{"tools":{', m, ([name, t]) => `${JSON.stringify(name)}:${JSON.stringify(t)}`, '}}\n', current);
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
    writeFileAtomic(this.file(identity), JSON.stringify({ tools: Object.fromEntries(m) }) + '\n');
  }
}
