import type { AuditIo, ShipTargets } from './audit/index.js';
import type { AuthServiceDeps } from './auth/index.js';
import type { IconFetcher } from './catalog/index.js';
import type { ConsentProvider } from './config/index.js';
import type { ReviewDeps } from './review/index.js';
import type { PolicyPaths } from './policy/index.js';

/** How a host builds the core: where its data lives and the parts a host supplies (surfaces, seals, test doubles). */
export interface CoreOptions {
  dataDir: string;
  /** Flush each audit entry to disk (fdatasync). On by default. */
  auditFsync?: boolean;
  /** The audit log's file calls (tests inject short writes and failing syncs). */
  auditIo?: AuditIo;
  icons?: IconFetcher;
  /**
   * Where a person confirms command lines and trust (a native dialog, a terminal); none: nothing the page adds is
   * spawned.
   */
  consent?: ConsentProvider | null;
  /**
   * OAuth: what seals the credentials (the desktop app's safeStorage), a terminal for the sign-in URL, the browser
   * wait.
   */
  auth?: Pick<AuthServiceDeps, 'box' | 'prompter' | 'timeoutMs' | 'env'>;
  /** Where the review's worker is (null: none, the review runs in steps) and its time budget. */
  review?: Pick<ReviewDeps, 'worker' | 'budgetMs' | 'heapMb'>;
  /**
   * Roots cannot change while this core runs (a command-line command): a server is offered roots
   * only when it has some. A server told it may ask for roots does, and some (server-everything)
   * then stay up until they are answered, after the command has ended its input.
   */
  fixedRoots?: boolean;
  /**
   * The organisation's policy files: the one `--policy` names (else `MCP_CONSOLE_POLICY`), and the managed location
   * (the platform's by default).
   */
  policy?: PolicyPaths;
  /**
   * Where the audit trail is shipped, from the host's flags (`--ship-syslog`, `--ship-ca`, `--ship-otlp`); they win
   * over the settings.
   */
  ship?: ShipTargets;
  /**
   * A team service that joins a shared store: its own log is not shipped; the team's chain is, by the instance the
   * team elects (TeamSide.join).
   */
  shipFromTeam?: boolean;
  /** What collections read as `{{env.NAME}}` (the process's environment by default). */
  env?: Readonly<Record<string, string | undefined>>;
}
