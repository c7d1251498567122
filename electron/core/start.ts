import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditVerifyResult } from '../../shared/schemas/audit.js';
import { AuditLog } from './audit/index.js';
import { ConsoleCore } from './console-core.js';
import type { CoreOptions } from './core-options.js';
import { resolveDataDir } from './support/index.js';

/** How a front end starts the core. */
export interface StartOptions extends Omit<CoreOptions, 'dataDir'> {
  /** The data directory as given (`--data-dir`); the default one when absent. */
  dataDir?: string;
  /** A host config file (`--config`) whose servers are used for this run only. */
  configFile?: string;
}

/** A started core and what its front end should tell the person. */
export interface StartedCore {
  core: ConsoleCore;
  dataDir: string;
  /** Problems met while loading (set-aside files, trust not honoured, a torn log); each is also in the audit log. */
  problems: string[];
  /** Warnings about the --config file (ignored entries), each naming the file. */
  configWarnings: string[];
  /** The --config file could not be used at all (unreadable, not a host config); its servers are absent. */
  configError?: string;
  /** Servers of the --config file marked "disabled": true. */
  disabled: string[];
}

/**
 * The one start-up path of the core, shared by the desktop app, browser mode and the command line:
 * resolve the data directory, load saved servers, consents and settings, open the audit log, then
 * add the --config servers for this run. Problems are returned for the front end to show, never thrown.
 */
export function startCore(opts: StartOptions): StartedCore {
  const dataDir = resolveDataDir(opts.dataDir);
  const core = new ConsoleCore({ ...opts, dataDir });
  const problems = core.start();
  const started: StartedCore = { core, dataDir, problems, configWarnings: [], disabled: [] };
  if (opts.configFile) {
    try {
      const loaded = core.loadConfig(readFileSync(opts.configFile, 'utf8'));
      started.configWarnings = loaded.warnings.map((w) => `${opts.configFile}: ${w}`);
      started.disabled = loaded.disabled;
    } catch (e) {
      started.configError = `cannot use --config ${opts.configFile}: ${(e as Error).message}`;
    }
  }
  return started;
}

/** Checks the audit log of a data directory without starting a core (`mcp-console audit verify`). */
export function verifyAuditLog(dataDir?: string): AuditVerifyResult & { path: string } {
  const path = join(resolveDataDir(dataDir), 'audit.jsonl');
  return { ...new AuditLog(path).verify(), path };
}
