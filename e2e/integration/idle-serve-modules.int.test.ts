import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = resolve('out/cli');

/** The chunks a file of the command line's bundle loads as it is imported (its static imports, transitively). */
function loadedWith(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(CLI, file), 'utf8');
    for (const m of text.matchAll(/^import\s[^;]*?from\s*"\.\/([^"]+)";?$/gm)) visit(m[1]!);
    for (const m of text.matchAll(/^import\s*"\.\/([^"]+)";?$/gm)) visit(m[1]!);
  };
  visit(entry);
  return seen;
}

describe('what `serve` loads before it is asked for anything', () => {
  /** The chunks `serve` loads at start. */
  function serveChunks(): string[] {
    const serve = readdirSync(CLI).find((f) => /^serve-[\w-]+\.js$/.test(f));
    expect(serve, 'the command line is built (npm run build:node)').toBeTruthy();
    // The command's own entry imports serve's chunk when `serve` is the command.
    expect(readFileSync(join(CLI, 'mcp-console.js'), 'utf8')).toContain(`import("./${serve}")`);
    const chunks = [...loadedWith('mcp-console.js'), ...loadedWith(serve!)];
    expect(chunks.length).toBeGreaterThan(5);
    return chunks;
  }

  it('takes no MCP SDK client: it is imported when a connection first needs it', () => {
    for (const chunk of serveChunks()) {
      const text = readFileSync(join(CLI, chunk), 'utf8');
      expect(text, chunk).not.toMatch(/StreamableHTTPClientTransport = class|class StreamableHTTPClientTransport/);
      expect(text, chunk).not.toMatch(/from\s*"(eventsource|pkce-challenge)"/);
    }
    // …and the bundle still reaches it, by a dynamic import of the chunk that holds the client.
    const holder = readdirSync(CLI).find((f) =>
      /StreamableHTTPClientTransport = class/.test(readFileSync(join(CLI, f), 'utf8')),
    );
    expect(holder).toBeTruthy();
    expect(readdirSync(CLI).some((f) => readFileSync(join(CLI, f), 'utf8').includes(`import("./${holder}")`))).toBe(
      true,
    );
  });

  it('takes no RE2: re2js is required when the first pattern is compiled', () => {
    for (const chunk of serveChunks()) {
      const text = readFileSync(join(CLI, chunk), 'utf8');
      expect(text, chunk).not.toMatch(/from\s*"re2js"/);
      expect(text, chunk).not.toContain('class RE2Flags');
    }
    // …and the bundle still reaches it on first use.
    expect(readdirSync(CLI).some((f) => readFileSync(join(CLI, f), 'utf8').includes('load("re2js")'))).toBe(true);
  });
});
