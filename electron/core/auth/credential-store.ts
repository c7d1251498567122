import { renameSync, statSync } from 'node:fs';
import { readPlacedBytes, writeFileAtomic } from '../support/index.js';
import { join } from 'node:path';
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { SecretBox } from './secret-box.js';
import { parseMeasured } from '../../../shared/boundary.js';

/** What is kept for one authorization server of one server: the client it registered, the tokens it issued. */
export interface IssuerCredentials {
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** When the tokens were saved (their `expires_in` counts from here). */
  savedAt?: string;
  /** The scopes asked for (the union kept across step-ups). */
  requested?: string;
}

/** One server's credentials, keyed by the issuer that issued them: never presented to another one. */
export interface ServerCredentials {
  serverId: string;
  url: string;
  /** The issuer of the tokens in use now. */
  current?: string;
  /** The loopback port the redirect URI was registered with (used again when free). */
  redirectPort?: number;
  issuers: Record<string, IssuerCredentials>;
}

/** How stale the request path's view of the file may be. */
const RECHECK_MS = 1000;

interface Doc {
  version: 1;
  servers: Record<string, ServerCredentials>;
}

/**
 * Every server's OAuth credentials in one file sealed by a SecretBox (`auth/credentials.bin`):
 * no token or client secret is ever in a plain file. Keyed by server identity (its URL is part of
 * it), so credentials follow the server they were issued for and nothing else. Re-read when another
 * process (the command line beside the app) changed the file.
 */
export class CredentialStore {
  private doc: Doc = { version: 1, servers: {} };
  private mtime = -1;
  private lookedAt = 0;
  /** Why the file could not be read (it was set aside, and sign-in starts over). */
  problem?: string;
  readonly file: string;

  constructor(
    dir: string,
    private readonly box: SecretBox,
  ) {
    this.file = join(dir, 'credentials.bin');
  }

  get storage(): string {
    return this.box.storage;
  }

  /** Reads the file now (a problem with it is then known). */
  load(): void {
    // Called before every request to a remote server: no exception when there is no file yet.
    const m = statSync(this.file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (m === this.mtime) return;
    this.mtime = m;
    if (m < 0) {
      this.doc = { version: 1, servers: {} };
      return;
    }
    try {
      const parsed = parseMeasured(
        this.box.open(readPlacedBytes(this.file, 'the credentials file')).toString('utf8'),
        'the credentials file',
      ) as Doc;
      if (parsed?.version !== 1 || typeof parsed.servers !== 'object') throw new Error('unknown format');
      this.doc = parsed;
    } catch (e) {
      const aside = `${this.file}.unreadable-${Date.now()}`;
      renameSync(this.file, aside);
      this.problem = `the stored sign-ins could not be read (${(e as Error).message}); the file was set aside as ${aside} and servers will ask to sign in again`;
      this.doc = { version: 1, servers: {} };
      this.mtime = -1;
    }
  }

  private save(): void {
    writeFileAtomic(this.file, this.box.seal(Buffer.from(JSON.stringify(this.doc), 'utf8')));
    try {
      this.mtime = statSync(this.file).mtimeMs;
    } catch {
      this.mtime = -1;
    }
  }

  get(identity: string): ServerCredentials | undefined {
    this.load();
    return this.doc.servers[identity];
  }

  /**
   * As get(), for the path of every request to a remote server: the file is looked at again at most
   * once every RECHECK_MS (a sign-in by another process, the command line beside the app, is seen
   * within it; one made here is seen at once).
   */
  recent(identity: string): ServerCredentials | undefined {
    const now = Date.now();
    if (now - this.lookedAt >= RECHECK_MS) {
      this.lookedAt = now;
      this.load();
    }
    return this.doc.servers[identity];
  }

  /** Changes one server's entry (created if absent) and writes the file. */
  update(identity: string, serverId: string, url: string, change: (c: ServerCredentials) => void): ServerCredentials {
    this.load();
    const c = this.doc.servers[identity] ?? { serverId, url, issuers: {} };
    change(c);
    this.doc.servers[identity] = c;
    this.save();
    return c;
  }

  /** Forgets everything kept for a server. */
  delete(identity: string): void {
    this.load();
    if (!this.doc.servers[identity]) return;
    delete this.doc.servers[identity];
    this.save();
  }
}
