import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SESSIONS, pageEndpointFile, readPageEndpoint, savePageEndpoint, sessionHash } from './page-endpoint.js';

describe("the page's kept address", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the port and the newest session hashes, never a session', () => {
    dir = mkdtempSync(join(tmpdir(), 'page-endpoint-'));
    expect(readPageEndpoint(dir)).toEqual({ sessions: [] });
    const hashes = Array.from({ length: MAX_SESSIONS + 3 }, (_, i) => sessionHash(`session ${i}`));
    savePageEndpoint(dir, { port: 43111, sessions: hashes });
    expect(readPageEndpoint(dir)).toEqual({ port: 43111, sessions: hashes.slice(-MAX_SESSIONS) });
  });

  it('starts afresh from a file that is broken or holds what it should not', () => {
    dir = mkdtempSync(join(tmpdir(), 'page-endpoint-'));
    writeFileSync(pageEndpointFile(dir), '{ not json');
    expect(readPageEndpoint(dir)).toEqual({ sessions: [] });
    writeFileSync(
      pageEndpointFile(dir),
      JSON.stringify({ port: 70000, sessions: ['plain-session', 42, 'a'.repeat(64)] }),
    );
    expect(readPageEndpoint(dir)).toEqual({ sessions: ['a'.repeat(64)] });
  });
});
