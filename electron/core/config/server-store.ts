import { existsSync, renameSync } from 'node:fs';
import { readPlacedText, writeFileAtomic } from '../support/index.js';
import { join } from 'node:path';
import { ConfigError, parseHostConfig, toHostEntry } from '../../../shared/config.js';
import { formatIssues } from '../../../shared/contract/index.js';
import { ServerSettings, type ServerConfig } from '../../../shared/schemas/server.js';
import { Settings } from '../../../shared/schemas/audit.js';
import { serverIdentity } from './server-identity.js';
import { parseMeasured } from '../../../shared/boundary.js';

/** One server the console knows. */
export interface ServerEntry {
  id: string;
  config: ServerConfig;
  /** What it runs or where it lives, hashed (see serverIdentity); set by the store from `config`. */
  readonly identity: string;
  settings: ServerSettings;
  /** Kept in the data directory (false: loaded from --config for this run only). */
  saved: boolean;
}

/**
 * The console's saved servers and settings. `servers.json` is itself a host config (`mcpServers`),
 * with the console's per-server choices beside it; every write is atomic. A file that cannot be
 * read is set aside (renamed, never overwritten) and reported.
 */
export class ServerStore {
  private entries = new Map<string, ServerEntry>();
  settings: Settings = Settings.parse({});
  /** Problems met while loading, for the UI and the audit log. */
  readonly problems: string[] = [];
  private readonly settingsFollowers = new Set<() => void>();

  constructor(private readonly dataDir: string) {}

  private get serversPath(): string {
    return join(this.dataDir, 'servers.json');
  }
  private get settingsPath(): string {
    return join(this.dataDir, 'settings.json');
  }

  load(): void {
    const servers = this.readJson(this.serversPath);
    if (servers !== undefined) {
      try {
        const configs = parseHostConfig(JSON.stringify(servers));
        const extra = ((servers as { mcpConsole?: { servers?: Record<string, unknown> } }).mcpConsole?.servers ??
          {}) as Record<string, unknown>;
        for (const [id, config] of Object.entries(configs)) {
          const s = ServerSettings.safeParse(Object.prototype.hasOwnProperty.call(extra, id) ? extra[id] : {});
          this.entries.set(id, {
            id,
            config,
            identity: serverIdentity(config),
            settings: s.success ? s.data : ServerSettings.parse({}),
            saved: true,
          });
        }
      } catch (e) {
        this.setAside(this.serversPath, e instanceof ConfigError ? e.message : String(e));
      }
    }
    const settings = this.readJson(this.settingsPath);
    if (settings !== undefined) {
      const s = Settings.safeParse(settings);
      if (s.success) this.settings = s.data;
      else this.setAside(this.settingsPath, formatIssues(s.error.issues));
    }
  }

  list(): ServerEntry[] {
    return [...this.entries.values()];
  }

  get(id: string): ServerEntry | undefined {
    return this.entries.get(id);
  }

  /** Adds or replaces a server (its identity computed here, the one place); saved ones are written to disk at once. */
  put(entry: Omit<ServerEntry, 'identity'> & { identity?: string }): ServerEntry {
    const stored: ServerEntry = { ...entry, identity: serverIdentity(entry.config) };
    this.entries.set(entry.id, stored);
    if (stored.saved) this.save();
    return stored;
  }

  remove(id: string): boolean {
    const e = this.entries.get(id);
    if (!e) return false;
    this.entries.delete(id);
    if (e.saved) this.save();
    return true;
  }

  saveSettings(settings: Settings): void {
    writeFileAtomic(this.settingsPath, JSON.stringify(settings, null, 2) + '\n');
    this.settings = settings;
    for (const fn of this.settingsFollowers) fn();
  }

  /** Calls `fn` after the settings were saved (a team's store follows them). */
  followSettings(fn: () => void): void {
    this.settingsFollowers.add(fn);
  }

  private save(): void {
    const saved = this.list().filter((e) => e.saved);
    const file = {
      mcpServers: Object.fromEntries(saved.map((e) => [e.id, toHostEntry(e.config)])),
      mcpConsole: { servers: Object.fromEntries(saved.map((e) => [e.id, e.settings])) },
    };
    writeFileAtomic(this.serversPath, JSON.stringify(file, null, 2) + '\n');
  }

  private readJson(path: string): unknown {
    if (!existsSync(path)) return undefined;
    try {
      return parseMeasured(readPlacedText(path, 'a servers file'), 'a servers file');
    } catch (e) {
      this.setAside(path, `not valid JSON: ${(e as Error).message}`);
      return undefined;
    }
  }

  private setAside(path: string, why: string): void {
    const aside = `${path}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(path, aside);
      this.problems.push(
        `${path} could not be used (${why}); it was kept as ${aside} and the console started without it`,
      );
    } catch {
      this.problems.push(`${path} could not be used (${why})`);
    }
  }
}
