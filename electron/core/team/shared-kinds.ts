import { GrantView } from '../../../shared/schemas/agent.js';
import { Settings } from '../../../shared/schemas/audit.js';
import { requesterKey } from '../../../shared/requester-text.js';
import type { PolicyStore } from '../approvals/index.js';
import type { AuditFields } from '../audit/index.js';
import type { ServerStore } from '../config/index.js';
import type { SharedKind } from './shared-state.js';

/** A standing grant as the team shares it: what it decides, without this instance's count of its uses. */
type SharedGrant = Omit<GrantView, 'uses' | 'lastUsedAt'>;

/** A grant's key in the store: whom, which server, which tool (or cover) — one grant each, as in policies.json. */
const grantKey = (g: SharedGrant): string => JSON.stringify([requesterKey(g.requester), g.serverId, g.tool]);

/**
 * The standing grants ("always allow", "never") of a team's instances: given or revoked on one, in force on all. A
 * session grant stays with the instance whose session it is.
 */
export function sharedGrants(policies: PolicyStore, log: (line: string) => void): SharedKind<SharedGrant> {
  return {
    kind: 'grants',
    local: () => new Map(policies.standing().map(({ uses: _u, lastUsedAt: _l, ...g }) => [grantKey(g), g] as const)),
    take: (records) => {
      const list: GrantView[] = [];
      for (const g of records.values()) {
        const parsed = GrantView.safeParse({ ...g, uses: 0 });
        if (parsed.success) list.push(parsed.data);
        else log(`team store: a grant in the store is not as this console keeps them; not taken`);
      }
      policies.replaceStanding(list);
    },
    follow: (fn) => policies.follow(fn),
  };
}

/**
 * The console's settings on every instance of a team: changed on one page (a raise confirmed there), in force on all
 * — audited on each instance with what changed and where it was written.
 */
export function sharedSettings(
  store: ServerStore,
  record: (f: AuditFields) => void,
  applied: () => void,
  log: (line: string) => void,
): SharedKind<Settings> {
  return {
    kind: 'settings',
    local: () => new Map([['settings', store.settings]]),
    take: (records, from) => {
      const got = records.get('settings');
      if (got === undefined) return;
      const parsed = Settings.safeParse(got);
      if (!parsed.success) return log("team store: the team's settings are not as this console keeps them; not taken");
      const before = store.settings;
      const next = parsed.data;
      store.saveSettings(next);
      const changed = (Object.keys(next) as (keyof Settings)[]).filter((k) => next[k] !== before[k]);
      if (changed.length > 0)
        record({
          kind: 'config',
          reason: `settings taken from the team store (written by ${from.join(', ')}): ${changed
            .map((k) => `${k} ${String(before[k])} -> ${String(next[k])}`)
            .join(', ')}`,
        });
      applied();
    },
    follow: (fn) => store.followSettings(fn),
  };
}
