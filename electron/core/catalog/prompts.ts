import type { Client } from '@modelcontextprotocol/client';
import { GetPromptResult, PromptView } from '../../../shared/schemas/prompt.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { AuditTrail } from '../audit/index.js';
import { listFacts, walkList, type ListSpec, type ListWalk } from './list-walk.js';
import type { ListFacts } from '../../../shared/schemas/list-facts.js';
import { connectedServer, recordedRequest, type ServerLookup } from './server-request.js';

type RawItem = Record<string, unknown>;

/** How `prompts/list` is walked: prompts are told apart by name. */
export const PROMPTS_LIST: ListSpec<RawItem> = {
  method: 'prompts/list',
  field: 'prompts',
  noun: 'prompt',
  key: (p) => String(p.name),
  malformed: (p) =>
    typeof p !== 'object' || p === null || Array.isArray(p)
      ? 'not an object'
      : typeof (p as RawItem).name !== 'string' || (p as RawItem).name === ''
        ? 'no name'
        : null,
};

/** What the prompts need of the core around them. */
export interface PromptDeps {
  server: ServerLookup;
  trail: AuditTrail;
  /** What a prompt got returned, for whoever reads it next (the security review). */
  got?(serverId: string, name: string, result: GetPromptResult): void;
}

/**
 * Each server's prompts, walked on demand (every page) and kept until the server says its list
 * changed or it reconnects; getting a prompt is recorded with who asked (it changes nothing by
 * spec, but it reaches the server).
 */
export class PromptLists {
  private listed = new Map<
    string,
    { client: Client; prompts: PromptView[]; listedAt: number; cache?: ListWalk<unknown>['cache']; expiresAt?: number }
  >();

  constructor(private readonly deps: PromptDeps) {}

  /** The prompts last listed for a server, without asking it (undefined when never listed). */
  known(serverId: string): PromptView[] | undefined {
    return this.listed.get(serverId)?.prompts;
  }

  async list(serverId: string, refresh = false): Promise<PromptView[]> {
    const { entry, client } = connectedServer(this.deps.server, serverId);
    const known = this.listed.get(serverId);
    // A list the server said goes stale (2026-07-28 ttlMs) is walked again once that time has passed.
    const fresh = known?.expiresAt === undefined || Date.now() < known.expiresAt;
    if (known && known.client === client && !refresh && fresh) return known.prompts;
    const walked = client.getServerCapabilities()?.prompts
      ? await walkList(client, PROMPTS_LIST, entry.settings.callTimeoutMs)
      : { items: [], problems: [] };
    const prompts = walked.items.flatMap((p) => {
      const r = PromptView.safeParse({ ...p, serverId });
      return r.success ? [r.data] : [];
    });
    const cache = 'cache' in walked ? walked.cache : undefined;
    const listedAt = Date.now();
    this.listed.set(serverId, {
      client,
      prompts,
      listedAt,
      ...(cache && { cache, expiresAt: listedAt + cache.ttlMs }),
    });
    this.deps.trail.record({
      kind: 'prompts-listed',
      serverId,
      serverIdentity: entry.identity,
      detail: {
        prompts: prompts.length,
        problems: walked.problems.slice(0, 50),
        ...('cache' in walked && { cache: walked.cache }),
      },
    });
    return prompts;
  }

  async get(
    serverId: string,
    name: string,
    args: Record<string, string>,
    requestedBy: Requester,
  ): Promise<GetPromptResult> {
    const { entry, client } = connectedServer(this.deps.server, serverId);
    const record = (outcome: string, detail: object) =>
      this.deps.trail.record({
        kind: 'prompt-got',
        serverId,
        serverIdentity: entry.identity,
        requestedBy,
        outcome,
        detail: { name, arguments: args, ...detail },
      });
    const result = await recordedRequest(
      () =>
        client.request({ method: 'prompts/get', params: { name, arguments: args } }, GetPromptResult, {
          timeout: entry.settings.callTimeoutMs,
        }),
      record,
      (r) => ({ messages: r.messages.length }),
    );
    this.deps.got?.(serverId, name, result);
    return result;
  }

  /** When the server's prompts were last listed, and their cache hints. */
  facts(serverId: string): ListFacts | undefined {
    const l = this.listed.get(serverId);
    return l && listFacts(l.listedAt, l.cache);
  }

  drop(serverId: string): void {
    this.listed.delete(serverId);
  }
}
