import { z } from 'zod';
import { formatIssues } from './contract/index.js';
import { ServerConfig, ServerId } from './schemas/server.js';
import { duplicateKey, FILE_LIMITS, overLimits } from './boundary.js';

/** A config file that cannot be used, with the field that is wrong named in the message. */
export class ConfigError extends Error {
  readonly code = 'bad-config';
}

const stringMap = z.record(z.string(), z.string());
const HostEntry = z.looseObject({
  type: z.enum(['stdio', 'http', 'streamable-http', 'sse']).optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: stringMap.optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headers: stringMap.optional(),
  oauth: z.unknown().optional(),
});

/** Turns one host-config entry (Claude Desktop, Cursor, VS Code forms) into the console's form. */
export function normaliseEntry(id: string, raw: unknown, where = `mcpServers[${JSON.stringify(id)}]`): ServerConfig {
  const entry = HostEntry.safeParse(raw);
  if (!entry.success) throw new ConfigError(formatIssues(entry.error.issues, where));
  const e = entry.data;
  let candidate: unknown;
  if (e.type === 'stdio' || (!e.type && e.command !== undefined)) {
    if (e.url !== undefined)
      throw new ConfigError(`${where}: has both "command" and "url"; a stdio server takes only "command"`);
    candidate = { type: 'stdio', command: e.command, args: e.args, env: e.env, cwd: e.cwd };
  } else if (e.type || e.url !== undefined) {
    const type = e.type === 'streamable-http' ? 'http' : (e.type ?? 'auto');
    candidate = { type, url: e.url, headers: e.headers, ...(e.oauth !== undefined && { oauth: e.oauth }) };
  } else {
    throw new ConfigError(`${where}: needs "command" (stdio) or "url" (HTTP or SSE)`);
  }
  const parsed = ServerConfig.safeParse(candidate);
  if (!parsed.success) throw new ConfigError(formatIssues(parsed.error.issues, where));
  return parsed.data;
}

/** The fields of a host-config entry the console reads; any other is reported, not silently dropped. */
const KNOWN_FIELDS = new Set(['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'oauth', 'disabled']);

/** A parsed host config: the servers to use, the ones the file disables, and warnings naming what was ignored. */
export interface HostConfig {
  servers: Record<string, ServerConfig>;
  disabled: string[];
  warnings: string[];
}

/** Where a JSON syntax error is, in words, without quoting the text (it may be any file, even a secret one). */
function syntaxWhere(text: string, e: unknown): string {
  const m = /position (\d+)/.exec(String((e as Error)?.message ?? ''));
  if (!m) return '';
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  return ` at line ${line}, column ${pos - before.lastIndexOf('\n')}`;
}

/**
 * Parses a host config (`mcpServers` as in Claude Desktop and Cursor, or `servers` as in VS
 * Code's mcp.json) into server id -> config. Throws ConfigError naming the bad field.
 */
export function parseHostConfig(text: string): Record<string, ServerConfig> {
  return parseHostConfigDetailed(text).servers;
}

/** As `parseHostConfig`, also saying which servers the file disables and which fields were ignored. */
export function parseHostConfigDetailed(text: string): HostConfig {
  // A UTF-8 byte order mark is not part of the JSON (editors on Windows write one).
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    // SECURITY: never quote the file: a wrong path could point at a secret.
    throw new ConfigError(`not valid JSON${syntaxWhere(text, e)}; expected a host config such as {"mcpServers": {…}}`);
  }
  // A key given twice keeps only its last value: a second "mcpServers" would drop every server of the first.
  const twice = duplicateKey(text);
  if (twice)
    throw new ConfigError(`refused: a key appears twice in one object (line ${twice.line}); only one can hold`);
  // SECURITY: measured before any field is read.
  const over = overLimits(json, FILE_LIMITS);
  if (over) throw new ConfigError(`refused: the file ${over}`);
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new ConfigError('(root): must be a JSON object with "mcpServers" or "servers"');
  const root = json as Record<string, unknown>;
  const key = 'mcpServers' in root ? 'mcpServers' : 'servers' in root ? 'servers' : null;
  if (!key) throw new ConfigError('(root): has neither "mcpServers" nor "servers"');
  const servers = root[key];
  if (!servers || typeof servers !== 'object' || Array.isArray(servers))
    throw new ConfigError(`${key}: must be an object of server id -> server`);
  // Own properties only, defined (not assigned), so that an id such as "__proto__" is an id like any other.
  const entries: [string, ServerConfig][] = [];
  const disabled: string[] = [];
  const warnings: string[] = [];
  for (const [id, raw] of Object.entries(servers as Record<string, unknown>)) {
    const where = `${key}[${JSON.stringify(id)}]`;
    const idOk = ServerId.safeParse(id);
    if (!idOk.success) throw new ConfigError(`${where}: bad server id: ${formatIssues(idOk.error.issues)}`);
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const r = raw as Record<string, unknown>;
      const unknown = Object.keys(r).filter((k) => !KNOWN_FIELDS.has(k));
      if (unknown.length)
        warnings.push(
          `${where}: ignored field${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => JSON.stringify(k)).join(', ')}`,
        );
      if (r.disabled !== undefined && typeof r.disabled !== 'boolean')
        throw new ConfigError(`${where}.disabled: must be true or false`);
      if (r.disabled === true) {
        disabled.push(id);
        warnings.push(`${where}: disabled in the config; not loaded`);
        continue;
      }
    }
    entries.push([id, normaliseEntry(id, raw, where)]);
  }
  return { servers: Object.fromEntries(entries), disabled, warnings };
}

/** The host-config form of a server (what the console writes back, so its file is itself a host config). */
export function toHostEntry(config: ServerConfig): Record<string, unknown> {
  if (config.type === 'stdio') {
    const e: Record<string, unknown> = { command: config.command, args: config.args };
    if (Object.keys(config.env).length) e.env = config.env;
    if (config.cwd) e.cwd = config.cwd;
    return e;
  }
  const e: Record<string, unknown> = { url: config.url };
  if (config.type !== 'auto') e.type = config.type;
  if (Object.keys(config.headers).length) e.headers = config.headers;
  if (config.oauth) e.oauth = config.oauth;
  return e;
}

/** What the page sees instead of a credential header's value (the core keeps the value). */
export const MASKED_VALUE = '‹hidden›';
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key|api-key)$/i;

/**
 * A server's config as front ends see it: credential header values replaced by MASKED_VALUE (a screen never shows a
 * token).
 */
export function maskCredentials(config: ServerConfig): ServerConfig {
  if (config.type === 'stdio' || !Object.keys(config.headers).some((h) => CREDENTIAL_HEADER.test(h))) return config;
  const headers = Object.fromEntries(
    Object.entries(config.headers).map(([k, v]) => [k, CREDENTIAL_HEADER.test(k) ? MASKED_VALUE : v]),
  );
  return { ...config, headers };
}

/**
 * A config sent back by a front end: a header still reading MASKED_VALUE keeps the value the
 * server had under that name; one with no such value is refused (the page never had it).
 */
export function unmaskCredentials(next: ServerConfig, previous: ServerConfig | undefined): ServerConfig {
  if (next.type === 'stdio') return next;
  const before = previous && previous.type !== 'stdio' ? previous.headers : {};
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(next.headers)) {
    if (v !== MASKED_VALUE) headers[k] = v;
    else {
      const kept = Object.entries(before).find(([name]) => name.toLowerCase() === k.toLowerCase())?.[1];
      if (kept === undefined)
        throw new ConfigError(
          `header ${JSON.stringify(k)} reads ${MASKED_VALUE}: type its value (the console has none to keep)`,
        );
      headers[k] = kept;
    }
  }
  return { ...next, headers };
}
