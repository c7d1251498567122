import { existsSync } from 'node:fs';
import { readPlacedText, resolveDataDir } from './support/index.js';
import { join } from 'node:path';
import type { AuditVerifyResult } from '../../shared/schemas/audit.js';
import { anchorFrom, AuditLog, checkAnchor, PUBLIC_KEY_FILE, readAnchor, type Anchor } from './audit/index.js';
import { ConsoleCore } from './console-core.js';
import type { CoreOptions } from './core-options.js';

/** How a front end starts the core. */
export interface StartOptions extends Omit<CoreOptions, 'dataDir'> {
  /** The data directory as given (`--data-dir`); the default one when absent. */
  dataDir?: string;
  /** A host config file (`--config`) whose servers are used for this run only. */
  configFile?: string;
  /** Connect the --config servers at once (the console's own start: naming the file was the person's consent). */
  connectConfigured?: boolean;
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
  /** The --config servers being connected (with `connectConfigured`); each one's outcome shows on its card. */
  connecting: string[];
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
  const started: StartedCore = { core, dataDir, problems, configWarnings: [], disabled: [], connecting: [] };
  if (opts.configFile) {
    try {
      const loaded = core.loadConfig(readPlacedText(opts.configFile, 'the config file'));
      started.configWarnings = loaded.warnings.map((w) => `${opts.configFile}: ${w}`);
      started.disabled = loaded.disabled;
      // A server that fails to connect says why on its card and in the log; the start goes on.
      if (opts.connectConfigured) started.connecting = loaded.ids.filter((id) => !loaded.disabled.includes(id));
      for (const id of started.connecting) void core.connect(id).catch(() => undefined);
    } catch (e) {
      started.configError = `cannot use --config ${opts.configFile}: ${(e as Error).message}`;
    }
  }
  return started;
}

/**
 * Checks the audit log of a data directory without starting a core (`mcp-console audit verify [--anchor FILE] [--pubkey
 * KEY]`).
 */
export function verifyAuditLog(
  dataDir?: string,
  against?: { anchor: string; pubkey?: string },
): AuditVerifyResult & { path: string } {
  const dir = resolveDataDir(dataDir);
  const path = join(dir, 'audit.jsonl');
  const log = new AuditLog(path);
  const result = { ...log.verify(), path };
  if (!against || !result.ok) return result;
  const anchor = readAnchor(against.anchor);
  if (typeof anchor === 'string') return { ...result, ok: false, reason: anchor };
  // The key the owner kept is the one that counts; the data directory's can be replaced by whoever rewrote the log.
  const key = against.pubkey ?? auditPublicKey(dir);
  if (!key)
    return { ...result, ok: false, reason: `no public key to check the anchor with: give --pubkey (none in ${dir})` };
  const held = checkAnchor(path, anchor, key);
  if (!held.ok) return { ...result, ok: false, reason: held.reason, firstBadSeq: held.firstBadSeq };
  const keyWarning = against.pubkey
    ? undefined
    : "the anchor was checked with the data directory's public key, which whoever can rewrite the log can replace: give --pubkey from a copy you keep";
  return {
    ...result,
    anchor: { seq: anchor.seq, at: anchor.at, key },
    warning: [result.warning, keyWarning].filter(Boolean).join('; ') || undefined,
  };
}

/** The data directory's public key for its checkpoints (`ed25519:…`), or null before a console first signed one. */
export function auditPublicKey(dataDir?: string): string | null {
  const file = join(resolveDataDir(dataDir), PUBLIC_KEY_FILE);
  return existsSync(file) ? readPlacedText(file, 'a token file', 64 * 1024).trim() : null;
}

/**
 * The log's last signed checkpoint as an anchor to keep away from the machine (`mcp-console audit anchor --out FILE`);
 * an error in words.
 */
export function auditAnchor(dataDir?: string): Anchor | string {
  const path = join(resolveDataDir(dataDir), 'audit.jsonl');
  const log = new AuditLog(path);
  const v = log.verify();
  if (!v.ok) return `the audit log is not intact, so no anchor is taken: ${v.reason}`;
  const cp = log.checkpointNow();
  if (cp === 'missing' || cp === 'unreadable') return `the checkpoint beside the log is ${cp}`;
  return anchorFrom(cp);
}
