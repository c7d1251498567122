import { describe, expect, it } from 'vitest';
import type { ReviewServerInput } from '../../shared/review/review.js';
import { reviewServers } from '../../shared/review/review-run.js';
import { SEVERITY_RANK } from '../../shared/review/rules.js';
import type { CorpusCase } from './corpus-kit.js';
import { HOSTILE } from './hostile.js';
import { PUBLIC_TUNE } from './public-cases.js';
import { ROUND_THREE_HOSTILE } from './round-three.js';
import { ROUND_TWO_HOSTILE } from './round-two.js';
import { THIRD_ROUND } from './third-round.js';

// The same attack said another way is the same attack. Every hostile case of the rounds tuned on (held-out halves are
// never tuned on, so never held here) that the review raises must stay raised when its descriptions are rewritten in
// ways that change no meaning: written in capitals, emphasis and code marks dropped, "call" and "invoke" swapped, put
// on one line. A case added to those rounds later is held the same way. Rewriting published poisonings like this found
// four classes the rounds did not (intent-variants.test.ts names them).

/** Rewrites that keep what a description asks. */
const VARIANTS: Record<string, (s: string) => string> = {
  // Words in capitals; a chat template's token, a long encoded run (its bytes are the payload) left as written.
  capitals: (s) =>
    s.replace(/<\|[^|]{0,40}\|>|[A-Za-z0-9+/=]{24,}|[a-z]+/g, (m) =>
      m.startsWith('<|') || m.length >= 24 ? m : m.toUpperCase(),
    ),
  'no emphasis or code marks': (s) => s.replace(/\*\*|__|`/g, ''),
  'call and invoke swapped': (s) => s.replace(/\b(call|invoke)\b/g, (m) => (m === 'call' ? 'invoke' : 'call')),
  'one line': (s) => s.replace(/[ \t]*\n\s*/g, ' '),
};

const loud = (servers: ReviewServerInput[]): boolean =>
  reviewServers(servers).some((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium);

/** The case's servers with every tool's description rewritten. */
const rewritten = (servers: readonly ReviewServerInput[], f: (s: string) => string): ReviewServerInput[] =>
  servers.map((s) => ({
    ...s,
    tools: (s.tools ?? []).map((t) =>
      typeof t.description === 'string' ? { ...t, description: f(t.description) } : t,
    ),
  }));

/** The hostile cases whose planted finding is an order or a framing in words (P01–P09), raised as they stand. */
const CASES: CorpusCase[] = [
  ...HOSTILE,
  ...ROUND_TWO_HOSTILE,
  ...ROUND_THREE_HOSTILE,
  ...THIRD_ROUND,
  ...PUBLIC_TUNE,
].filter(
  (c) =>
    c.expect.some((e) => /^P0\d$/.test(e.rule) && SEVERITY_RANK[e.severity] >= SEVERITY_RANK.medium) && loud(c.servers),
);

describe('an attack said another way is raised the same', () => {
  it('reads enough cases for the rewrites to mean something', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(80);
  });

  it.each(Object.keys(VARIANTS).map((k) => [k] as const))('%s: every raised case stays raised', (name) => {
    const f = VARIANTS[name]!;
    let changed = 0;
    const lost: string[] = [];
    for (const c of CASES) {
      const servers = rewritten(c.servers, f);
      if (JSON.stringify(servers) === JSON.stringify(c.servers)) continue;
      changed++;
      if (!loud(servers)) lost.push(`${c.id} (${c.about})`);
    }
    // The rewrite touched cases, or this check holds nothing.
    expect(changed).toBeGreaterThan(0);
    expect(lost).toEqual([]);
  });
});
