import type { Requester } from '../../../shared/schemas/requester.js';

/**
 * The gate's word for collection runs. A person (or `--yes`) approves a run's whole scope once;
 * each step's call then runs only when the run announced exactly that call — its server, tool and
 * the hash of the arguments the core resolved from the approved template — just before asking for
 * it. One announcement lets one call through; a run that ended lets nothing through.
 */
export class RunGrants {
  private readonly open = new Map<string, { tools: Set<string>; expected: Map<string, number> }>();

  /** A run's scope was approved: its calls may be announced, for these `server/tool` pairs only. */
  start(runId: string, tools: Iterable<[server: string, tool: string]>): void {
    this.open.set(runId, { tools: new Set([...tools].map(([s, t]) => key(s, t))), expected: new Map() });
  }

  /** The run is about to ask for this call. False when the call is outside the approved scope. */
  expect(runId: string, serverId: string, tool: string, argsHash: string): boolean {
    const run = this.open.get(runId);
    if (!run || !run.tools.has(key(serverId, tool))) return false;
    const k = `${key(serverId, tool)}#${argsHash}`;
    run.expected.set(k, (run.expected.get(k) ?? 0) + 1);
    return true;
  }

  /** True (once per announcement) when this call is a step of an approved run, announced with these arguments. */
  take(requestedBy: Requester, serverId: string, tool: string, argsHash: string | undefined): boolean {
    if (requestedBy.kind !== 'collection' || argsHash === undefined) return false;
    const run = this.open.get(requestedBy.run);
    const k = `${key(serverId, tool)}#${argsHash}`;
    const n = run?.expected.get(k) ?? 0;
    if (n <= 0) return false;
    if (n === 1) run!.expected.delete(k);
    else run!.expected.set(k, n - 1);
    return true;
  }

  /** The run ended: nothing more of it goes through. */
  end(runId: string): void {
    this.open.delete(runId);
  }
}

const key = (server: string, tool: string) => `${JSON.stringify(server)}/${JSON.stringify(tool)}`;
