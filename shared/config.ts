import { z } from 'zod';
import { formatIssues } from './contract.js';
import { ServerConfig, ServerId } from './schemas/server.js';

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
});

/** Turns one host-config entry (Claude Desktop, Cursor, VS Code forms) into the console's form. */
export function normaliseEntry(id: string, raw: unknown, where = `mcpServers[${JSON.stringify(id)}]`): ServerConfig {
  const entry = HostEntry.safeParse(raw);
  if (!entry.success) throw new ConfigError(formatIssues(entry.error.issues, where));
  const e = entry.data;
  let candidate: unknown;
  if (e.type === 'stdio' || (!e.type && e.command !== undefined)) {
    if (e.url !== undefined) throw new ConfigError(`${where}: has both "command" and "url"; a stdio server takes only "command"`);
    candidate = { type: 'stdio', command: e.command, args: e.args, env: e.env, cwd: e.cwd };
  } else if (e.type || e.url !== undefined) {
    const type = e.type === 'streamable-http' ? 'http' : (e.type ?? 'auto');
    candidate = { type, url: e.url, headers: e.headers };
  } else {
    throw new ConfigError(`${where}: needs "command" (stdio) or "url" (HTTP or SSE)`);
  }
  const parsed = ServerConfig.safeParse(candidate);
  if (!parsed.success) throw new ConfigError(formatIssues(parsed.error.issues, where));
  return parsed.data;
}

/**
 * Parses a host config (`mcpServers` as in Claude Desktop and Cursor, or `servers` as in VS
 * Code's mcp.json) into server id -> config. Throws ConfigError naming the bad field.
 */
export function parseHostConfig(text: string): Record<string, ServerConfig> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`not valid JSON: ${(e as Error).message}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new ConfigError('(root): must be a JSON object with "mcpServers" or "servers"');
  const root = json as Record<string, unknown>;
  const key = 'mcpServers' in root ? 'mcpServers' : 'servers' in root ? 'servers' : null;
  if (!key) throw new ConfigError('(root): has neither "mcpServers" nor "servers"');
  const servers = root[key];
  if (!servers || typeof servers !== 'object' || Array.isArray(servers)) throw new ConfigError(`${key}: must be an object of server id -> server`);
  const out: Record<string, ServerConfig> = {};
  for (const [id, raw] of Object.entries(servers as Record<string, unknown>)) {
    const idOk = ServerId.safeParse(id);
    if (!idOk.success) throw new ConfigError(`${key}[${JSON.stringify(id)}]: bad server id: ${formatIssues(idOk.error.issues)}`);
    out[id] = normaliseEntry(id, raw, `${key}[${JSON.stringify(id)}]`);
  }
  return out;
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
  return e;
}
