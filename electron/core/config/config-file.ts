import { parseHostConfigDetailed } from '../../../shared/config.js';
import { ServerSettings, type ServerConfig } from '../../../shared/schemas/server.js';
import type { AuditFields } from '../audit/index.js';
import type { ConsentFlow } from './consent-flow.js';
import { launchLine, type ConsentStore } from './consents.js';
import type { ServerStore } from './server-store.js';

/**
 * Adds the servers of a host config file for this run only (not saved). Returns their ids, the
 * disabled ones and warnings (each also recorded).
 */
export function loadConfigFile(
  text: string,
  parts: { store: ServerStore; consent: ConsentFlow; consents: ConsentStore; record(f: AuditFields): void },
): { ids: string[]; disabled: string[]; warnings: string[] } {
  const { store, consent, consents } = parts;
  const parsed = parseHostConfigDetailed(text);
  const configs = parsed.servers;
  for (const w of parsed.warnings) parts.record({ kind: 'config', reason: `--config: ${w}` });
  for (const [id, config] of Object.entries(configs)) {
    const prev = store.get(id);
    const entry = store.put({
      id,
      config,
      settings: consent.allowed(id, config, prev?.settings ?? ServerSettings.parse({})),
      saved: false,
    });
    // SECURITY: a command line in the file the user pointed the console at is consented by being there.
    if (config.type === 'stdio') {
      consents.record({
        kind: 'launch',
        serverId: id,
        identity: entry.identity,
        launch: launchLine(config),
        via: 'config-file',
        grantedAt: new Date().toISOString(),
        persistent: false,
      });
    }
  }
  return { ids: Object.keys(configs), disabled: parsed.disabled, warnings: parsed.warnings };
}

/** Imports a pasted host config into the saved servers: a known id is replaced, a new one added. */
export async function importHostConfig(
  json: string,
  servers: {
    has(id: string): boolean;
    replace(id: string, config: ServerConfig): Promise<void>;
    add(id: string, config: ServerConfig): void;
  },
): Promise<{ added: string[]; replaced: string[]; warnings: string[] }> {
  const parsed = parseHostConfigDetailed(json);
  const added: string[] = [];
  const replaced: string[] = [];
  for (const [id, config] of Object.entries(parsed.servers)) {
    if (servers.has(id)) {
      replaced.push(id);
      await servers.replace(id, config);
    } else {
      added.push(id);
      servers.add(id, config);
    }
  }
  return { added, replaced, warnings: parsed.warnings };
}
