import { readPlacedText, re2, sha256 } from '../support/index.js';
import type { RE2JS } from 're2js';
import { lineDiff } from '../../../shared/line-diff.js';
import {
  compilePolicy,
  evaluatePolicy,
  type CompiledPolicy,
  type PolicyCall,
  type PolicyDecision,
} from '../../../shared/policy/evaluate.js';
import {
  type PolicyFile,
  type PolicySourceKind,
  type PolicySourceView,
  type PolicyView,
} from '../../../shared/schemas/policy.js';
import type { AuditFields } from '../audit/index.js';
import { fileStamp, fileStampNow, managedPolicyPath, parsePolicyText, readPolicyFile } from './policy-file.js';

export { managedPolicyPath, readPolicyFile } from './policy-file.js';

/**
 * Where the organisation's policy files are: the platform's managed location (read only) and one named by `--policy` or
 * `MCP_CONSOLE_POLICY`.
 */
export interface PolicyPaths {
  /** The managed file; undefined: the platform's location (managedPolicyPath); null: none (tests). */
  managed?: string | null;
  /** The file named by the host (`--policy`), or else by the environment. */
  named?: { path: string; from: 'flag' | 'env' };
}

interface Source {
  kind: PolicySourceKind;
  path: string;
  /** The file as applied (the last one that read well). */
  file?: PolicyFile;
  hash?: string;
  loadedAt?: string;
  problem?: string;
  lastChange?: PolicySourceView['lastChange'];
  /** The file as last read (size, time, inode; '' when absent): a poll that sees another re-reads it. */
  seen?: string;
  /** The text applied, when it came from elsewhere than the file (a team's store), and from where. */
  adopted?: { text: string; from: string };
}

const PATTERNS_MAX = 5000;

/**
 * The organisation's policy as the core applies it: read at start, re-read when a file changes
 * (the change audited with its diff; a file that no longer reads keeps the rules before, and says
 * so), and asked for each call. A file named but unreadable from the start refuses every call
 * until it reads: a policy that cannot be read is not taken as no policy.
 */
export class OrgPolicy {
  private sources: Source[] = [];
  private compiled: CompiledPolicy = { rules: [] };
  private patterns = new Map<string, RE2JS>();
  private readonly voidedSeen = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private readonly namedFollowers = new Set<() => void>();

  constructor(
    paths: PolicyPaths,
    private readonly d: { audit(f: AuditFields): void; changed(view: PolicyView): void; pollMs?: number },
  ) {
    const managed = paths.managed === undefined ? managedPolicyPath() : paths.managed;
    if (managed) this.sources.push({ kind: 'managed', path: managed });
    if (paths.named) this.sources.push({ kind: paths.named.from, path: paths.named.path });
  }

  /** Reads every file; returns the problems (recorded by the start with the others). */
  load(): string[] {
    for (const s of this.sources) this.read(s, false);
    this.compile();
    for (const s of this.sources)
      if (s.file)
        this.d.audit({
          kind: 'policy-loaded',
          reason: `${s.kind} policy ${s.path}: ${s.file.rules.length} rules`,
          detail: { path: s.path, source: s.kind, hash: s.hash },
        });
    return this.sources.flatMap((s) => (s.problem ? [s.problem] : []));
  }

  /**
   * Follows each file's changes: polled (it works on every file system, and for a managed file not
   * yet deployed), each poll comparing the file with how it was when last read — so a change made
   * between the read and the first poll is seen too.
   */
  watch(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.poll(), this.d.pollMs ?? 500);
    this.timer.unref?.();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      for (const s of this.sources) if ((await fileStamp(s.path)) !== s.seen && this.timer) this.reload(s);
    } finally {
      this.polling = false;
    }
  }

  /** Re-reads one file now (the watcher calls this; so may a host). */
  private reload(s: Source): void {
    const before = s.file;
    const hashBefore = s.hash;
    const problemBefore = s.problem;
    this.read(s, true);
    if (s.hash === hashBefore && s.problem === problemBefore) return;
    if (s.problem) {
      if (s.problem !== problemBefore)
        this.d.audit({
          kind: 'policy-problem',
          reason: s.problem,
          detail: { path: s.path, source: s.kind, kept: s.file ? s.hash : null },
        });
    } else {
      this.compile();
      const text = (f?: PolicyFile) => (f?.rules ?? []).map((r) => JSON.stringify(r)).join('\n');
      const diff = lineDiff(text(before), text(s.file), 50);
      s.lastChange = { at: new Date().toISOString(), removed: diff.removed, added: diff.added, cut: diff.cut };
      this.d.audit({
        kind: 'policy-loaded',
        reason: `${s.kind} policy ${s.path} changed: ${s.file?.rules.length ?? 0} rules (was ${before?.rules.length ?? 0})`,
        detail: {
          path: s.path,
          source: s.kind,
          hash: s.hash,
          previousHash: hashBefore ?? null,
          diff: lineDiff(text(before), text(s.file)),
        },
      });
    }
    this.d.changed(this.view());
    if (!s.problem && s.kind !== 'managed') for (const fn of this.namedFollowers) fn();
  }

  /** Calls `fn` after the named policy file changed and reads well (a team's store offers it to every instance). */
  followNamed(fn: () => void): void {
    this.namedFollowers.add(fn);
  }

  /** The named policy as applied: its text (as read from its file, or as taken from elsewhere) and hash. */
  named(): { text: string; hash: string } | undefined {
    const s = this.sources.find((x) => x.kind !== 'managed');
    if (!s?.file || !s.hash) return undefined;
    if (s.adopted) return { text: s.adopted.text, hash: s.hash };
    try {
      // The file as applied, unless it changed since (the watcher reads that one, then offers it).
      const text = readPlacedText(s.path, 'the policy file');
      return sha256(text) === s.hash ? { text, hash: s.hash } : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Applies a policy text taken from elsewhere (the team's newest version, `from` saying which) in place of the named
   * file's, audited with its diff; an instance started without a policy file takes it too. The file is still
   * followed: when it changes, it is read and offered again. A text that does not read is refused, the rules before
   * kept.
   */
  adopt(text: string, from: string): void {
    const r = parsePolicyText(text, from);
    if ('problem' in r) {
      this.d.audit({ kind: 'policy-problem', reason: `${from}: ${r.problem}`, detail: { source: 'team' } });
      return;
    }
    let s = this.sources.find((x) => x.kind !== 'managed');
    if (!s) {
      s = { kind: 'flag', path: 'team store', seen: '' };
      this.sources.push(s);
    }
    if (s.hash === r.hash) return;
    const before = s.file;
    const hashBefore = s.hash;
    Object.assign(s, {
      file: r.file,
      hash: r.hash,
      loadedAt: new Date().toISOString(),
      problem: undefined,
      adopted: { text, from },
    });
    this.compile();
    const lines = (f?: PolicyFile) => (f?.rules ?? []).map((x) => JSON.stringify(x)).join('\n');
    const diff = lineDiff(lines(before), lines(r.file), 50);
    s.lastChange = { at: s.loadedAt!, removed: diff.removed, added: diff.added, cut: diff.cut };
    this.d.audit({
      kind: 'policy-loaded',
      reason: `${s.kind} policy taken from ${from}: ${r.file.rules.length} rules (was ${before?.rules.length ?? 0})`,
      detail: { path: s.path, source: s.kind, hash: r.hash, previousHash: hashBefore ?? null, from },
    });
    this.d.changed(this.view());
  }

  private read(s: Source, again: boolean): void {
    s.seen = fileStampNow(s.path);
    const r = readPolicyFile(s.path);
    if ('file' in r) {
      Object.assign(s, {
        file: r.file,
        hash: r.hash,
        loadedAt: new Date().toISOString(),
        problem: undefined,
        adopted: undefined,
      });
      return;
    }
    if ('missing' in r) {
      // The managed file is often not deployed; a file named on purpose must be there.
      if (s.kind === 'managed') {
        // A managed file taken away: its rules end with it.
        if (again && s.file) {
          Object.assign(s, { file: undefined, hash: undefined, problem: undefined });
          this.compile();
        }
        return;
      }
      s.problem = `${s.path} was named as the policy file but does not exist`;
    } else s.problem = r.problem;
    s.problem += s.file ? ' — the rules read before stay in force' : ' — every call is refused until it can be read';
  }

  private compile(): void {
    this.compiled = compilePolicy(
      this.sources.flatMap((s) => (s.file ? [{ kind: s.kind, path: s.path, file: s.file }] : [])),
    );
    this.voidedSeen.clear();
  }

  /** Set while a file named or deployed could never be read: every call is refused, with this reason. */
  refusing(): string | undefined {
    const broken = this.sources.find((s) => s.problem && !s.file);
    return broken && `the organisation's policy could not be read (${broken.problem})`;
  }

  /**
   * The result check a policy file sets: the managed file's, else the one named; undefined: the person's setting holds.
   */
  resultScan(): PolicyFile['resultScan'] {
    return (
      this.sources.find((s) => s.kind === 'managed' && s.file?.resultScan)?.file?.resultScan ??
      this.sources.find((s) => s.file?.resultScan)?.file?.resultScan
    );
  }

  /**
   * Which policy is in force: the files' hashes (or their problems) together. An approval is bound to it: a decision
   * made after the policy changed is not applied.
   */
  version(): string {
    return sha256(this.sources.map((s) => `${s.kind}:${s.hash ?? s.problem ?? '-'}`).join('\n')).slice(0, 16);
  }

  /** True when any rule is in force (or calls are refused): the gate asks the policy first. */
  active(): boolean {
    return this.compiled.rules.length > 0 || this.refusing() !== undefined;
  }

  /** The policy's decision for a call; a bound allow it voids is audited once per definition. */
  decide(call: PolicyCall): PolicyDecision {
    if (this.compiled.rules.length === 0) return { verdict: null, voided: [] };
    const d = evaluatePolicy(this.compiled, call, (p, t) => this.pattern(p).test(t));
    for (const v of d.voided) {
      const key = `${v.ref.id}\u0000${call.serverIdentity}\u0000${call.fingerprint}`;
      if (this.voidedSeen.has(key) || this.voidedSeen.size > 10_000) continue;
      this.voidedSeen.add(key);
      this.d.audit({
        kind: 'policy-rule-voided',
        serverId: call.serverId,
        serverIdentity: call.serverIdentity,
        tool: call.tool,
        fingerprint: call.fingerprint,
        requestedBy: call.requester,
        reason: `policy rule ${v.ref.id} does not hold: ${v.why}`,
        detail: { rule: v.ref },
      });
    }
    return d;
  }

  private pattern(p: string): RE2JS {
    let re = this.patterns.get(p);
    if (!re) {
      re = re2().compile(p);
      if (this.patterns.size >= PATTERNS_MAX) this.patterns.clear();
      this.patterns.set(p, re);
    }
    return re;
  }

  view(): PolicyView {
    const sources: PolicySourceView[] = this.sources.map((s) => ({
      kind: s.kind,
      path: s.path,
      ...(s.hash && { hash: s.hash }),
      ...(s.loadedAt && { loadedAt: s.loadedAt }),
      ...(s.problem && { problem: s.problem }),
      ...(s.lastChange && { lastChange: s.lastChange }),
      rules: s.file?.rules ?? [],
    }));
    const refusing = this.refusing();
    const resultScan = this.resultScan();
    return { sources, ...(refusing && { refusing }), ...(resultScan && { resultScan }) };
  }
}
