import { join } from 'node:path';
import { AuditLog, AuditShipping, AuditTrail, checkpointSigner, type CheckpointSigner } from './audit/index.js';
import { SchemaValidator } from './calls/index.js';
import { Catalog, lastSeenDir } from './catalog/index.js';
import { ConsentStore, ServerStore } from './config/index.js';
import { TraceLog } from './trace/index.js';
import { LogBook } from './logs/index.js';
import { PolicyStore } from './approvals/index.js';
import { OrgPolicy } from './policy/index.js';
import type { CoreOptions } from './core-options.js';
import { AuthService, keyFileBox } from './auth/index.js';
import { RunGrants } from './collections/index.js';
import { EventBus } from './support/index.js';

/** The parts that keep records and need nothing live: the stores, the audit log, the bus, the catalog, sign-ins. */
export function recordParts(opts: CoreOptions) {
  const bus = new EventBus();
  const store = new ServerStore(opts.dataDir);
  const consents: ConsentStore = new ConsentStore(opts.dataDir, opts.consent ?? null, () =>
    bus.emit('consents.changed', { consents: consents.list() }),
  );
  const signing = auditSigning(opts);
  const audit = new AuditLog(join(opts.dataDir, 'audit.jsonl'), {
    fsync: opts.auditFsync ?? true,
    io: opts.auditIo,
    signer: signing.signer,
  });
  const trail = new AuditTrail(audit, bus);
  const policies: PolicyStore = new PolicyStore(opts.dataDir, () =>
    bus.emit('grants.changed', { grants: policies.list() }),
  );
  const fromEnv = process.env.MCP_CONSOLE_POLICY;
  const org = new OrgPolicy(
    {
      managed: opts.policy?.managed,
      named: opts.policy?.named ?? (fromEnv ? { path: fromEnv, from: 'env' } : undefined),
    },
    { audit: (f) => trail.record(f), changed: (view) => bus.emit('policy.changed', view) },
  );
  const shipping = new AuditShipping({
    dataDir: opts.dataDir,
    log: audit,
    trail,
    bus,
    settings: () => ({ syslog: store.settings.shipSyslog, ca: store.settings.shipCa, otlp: store.settings.shipOtlp }),
    flags: opts.ship,
    fromTeam: opts.shipFromTeam,
  });
  const auth = new AuthService({ ...opts.auth, dataDir: opts.dataDir, trail, bus, server: (id) => store.get(id) });
  // Found (and a folder from before renamed) once: the catalog's tools and the resource lists keep their lists last
  // seen there.
  const seenDir = lastSeenDir(opts.dataDir);
  const catalog = new Catalog(seenDir);
  return {
    seenDir,
    bus,
    store,
    consents,
    audit,
    trail,
    shipping,
    policies,
    org,
    auth,
    catalog,
    validator: new SchemaValidator(),
    trace: new TraceLog(),
    logs: new LogBook(),
    grants: new RunGrants(),
    signingProblem: signing.problem,
  };
}
export type Records = ReturnType<typeof recordParts>;

/**
 * The key that signs the audit log's checkpoints, sealed by the OAuth tokens' box; when it cannot be opened,
 * checkpoints are unsigned and the start says why.
 */
function auditSigning(opts: CoreOptions): { signer?: CheckpointSigner; problem?: string } {
  try {
    return { signer: checkpointSigner(opts.dataDir, opts.auth?.box ?? keyFileBox(join(opts.dataDir, 'auth'))) };
  } catch (e) {
    return {
      problem: `the audit log's signing key could not be opened, so its checkpoints are not signed: ${(e as Error).message}`,
    };
  }
}
