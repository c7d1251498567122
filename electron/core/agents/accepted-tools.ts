import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../support/index.js';

/** A tool as the person accepted it for agents: its fingerprint, and the definition (for the diff when it changes). */
export interface AcceptedTool {
  fingerprint: string;
  def: Record<string, unknown>;
  /** Pinned at first sight (trust on first use) or accepted by a person; absent in files written before this was kept. */
  how?: 'first-seen' | 'accepted';
  at?: string;
}

/**
 * The tool definitions the person accepted for agents, per server identity, in
 * `gateway/<identity>.json`. An agent sees a tool only while its definition is the accepted one.
 * The first listing of a server identity is its baseline (trust on first use, recorded in the
 * audit log); from then on a new or changed tool waits for the person.
 */
export class AcceptedTools {
  private cache = new Map<string, Map<string, AcceptedTool> | null>();

  constructor(private readonly dir: string) {}

  private file(identity: string): string {
    return join(this.dir, `${identity}.json`);
  }

  /** The accepted tools of a server identity; null when it has no baseline yet. */
  get(identity: string): Map<string, AcceptedTool> | null {
    if (this.cache.has(identity)) return this.cache.get(identity)!;
    let m: Map<string, AcceptedTool> | null;
    try {
      const data = JSON.parse(readFileSync(this.file(identity), 'utf8')) as { tools?: Record<string, AcceptedTool> };
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
    for (const t of tools) m.set(t.name, { fingerprint: t.fingerprint, def: t.def, ...(t.how ? { how: t.how } : {}), ...(t.at ? { at: t.at } : {}) });
    writeFileAtomic(this.file(identity), JSON.stringify({ tools: Object.fromEntries(m) }) + '\n');
    this.cache.set(identity, m);
  }

  /** Forgets tools the server no longer offers, so that one coming back is asked about again. */
  forget(identity: string, names: string[]): void {
    const m = this.get(identity);
    if (!m || !names.some((n) => m.has(n))) return;
    for (const n of names) m.delete(n);
    this.cache.set(identity, m);
    writeFileAtomic(this.file(identity), JSON.stringify({ tools: Object.fromEntries(m) }) + '\n');
  }
}
