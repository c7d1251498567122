import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parseMeasured } from '../../../shared/boundary.js';
import { readPlacedText, writeFileAtomic } from '../../core/index.js';

/**
 * What browser mode keeps between starts so that an open tab comes back by itself: the page's port, and the hashes of
 * the sessions pages traded a token for (never a session itself: the file lets nobody in). A restart prints a new
 * token; a tab that holds a session cookie reconnects on the same address without it.
 */
export interface PageEndpoint {
  port?: number;
  sessions: string[];
}

/** The most sessions kept: the newest, one per page that traded a token (a browser, a profile). */
export const MAX_SESSIONS = 8;

export const pageEndpointFile = (dataDir: string) => join(dataDir, 'page-endpoint.json');

/** sha-256 of a session, as kept. */
export const sessionHash = (session: string): string => createHash('sha256').update(session).digest('hex');

/** What the last start kept; nothing when there is no file or it cannot be read (the page then starts afresh). */
export function readPageEndpoint(dataDir: string): PageEndpoint {
  try {
    const kept = parseMeasured(
      readPlacedText(pageEndpointFile(dataDir), 'the page endpoint file', 64 * 1024),
      'it',
    ) as {
      port?: unknown;
      sessions?: unknown;
    };
    const port = kept.port;
    const sessions = Array.isArray(kept.sessions) ? kept.sessions : [];
    return {
      ...(typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65535 && { port }),
      sessions: sessions
        .filter((s): s is string => typeof s === 'string' && /^[0-9a-f]{64}$/.test(s))
        .slice(-MAX_SESSIONS),
    };
  } catch {
    return { sessions: [] };
  }
}

/** Keeps the port and the newest sessions; a data directory that cannot be written only loses that. */
export function savePageEndpoint(dataDir: string, kept: PageEndpoint): void {
  try {
    const sessions = kept.sessions.slice(-MAX_SESSIONS);
    writeFileAtomic(pageEndpointFile(dataDir), JSON.stringify({ port: kept.port, sessions }) + '\n');
  } catch {
    /* a read-only data directory: the address is chosen afresh next time */
  }
}
