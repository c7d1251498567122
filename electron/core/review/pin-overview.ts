import type { PinGroup, PinOverview, PinState } from '../../../shared/schemas/review.js';
import { CoreError, sha256 } from '../support/index.js';

/** Tools to look at sent whole (with their diffs); past these, the page shows how many more there are. */
const PINS_SHOWN = 100;

const inGroup = (p: PinState, g: PinGroup): boolean =>
  g === 'first-seen' ? p.state === 'first-seen' : p.state === 'new' || p.state === 'changed' || p.state === 'removed';

/** sha-256 of every `state tool fingerprint` line of the group, in name order: what a bulk action is bound to. */
function digest(states: readonly PinState[], g: PinGroup): string {
  const lines = states.filter((p) => inGroup(p, g)).map((p) => `${p.state} ${p.tool} ${p.fingerprint ?? '-'}`);
  return sha256(lines.sort().join('\n'));
}

/** What the page is sent of a server's pins (not one entry per tool of a 100,000-tool server). */
export function pinOverview(serverId: string, states: readonly PinState[], shown = PINS_SHOWN): PinOverview {
  const counts = { 'first-seen': 0, accepted: 0, new: 0, changed: 0, removed: 0 };
  const unsettled: PinState[] = [];
  for (const p of states) {
    counts[p.state]++;
    if (inGroup(p, 'unsettled') && unsettled.length < shown) unsettled.push(p);
  }
  return {
    serverId,
    counts,
    unsettled,
    digests: { 'first-seen': digest(states, 'first-seen'), unsettled: digest(states, 'unsettled') },
  };
}

/**
 * The tools a bulk action pins again (and the removals it records), if the group is still the one
 * the person was shown (its digest); else a `tool-changed` error, and nothing is pinned.
 */
export function bulkRepin(
  states: readonly PinState[],
  g: PinGroup,
  shownDigest: string,
): { tools: Array<{ tool: string; fingerprint: string }>; removed: string[] } {
  // SECURITY: a bulk pin covers exactly the tools the person was shown; one that changed since voids it.
  if (digest(states, g) !== shownDigest)
    throw new CoreError('tool-changed', 'the tools changed since they were shown; look at them again');
  const pick = states.filter((p) => inGroup(p, g));
  return {
    tools: pick.flatMap((p) =>
      p.state !== 'removed' && p.fingerprint ? [{ tool: p.tool, fingerprint: p.fingerprint }] : [],
    ),
    removed: pick.filter((p) => p.state === 'removed').map((p) => p.tool),
  };
}
