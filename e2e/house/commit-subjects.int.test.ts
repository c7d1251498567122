import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The last commit before the rule was kept: older subjects are history and stay as they are. */
const KEPT_SINCE = 'c6c4614';
/** The commit that added this check: bodies are checked from here on. */
const BODIES_SINCE = '79cee35';

const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' });

/** Commits after `since` on this branch (not merges): hash, subject and body. */
function commitsAfter(since: string): { hash: string; subject: string; body: string }[] {
  const r = git('log', '--no-merges', '--format=%h%x1f%s%x1f%b%x1e', `${since}..HEAD`);
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout
    .split('\x1e')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => {
      const [hash = '', subject = '', body = ''] = c.split('\x1f');
      return { hash, subject, body: body.trim() };
    });
}

// A copy without history (a shallow clone, an export) has nothing to check: said, not silent.
const history = [KEPT_SINCE, BODIES_SINCE].every((c) => git('cat-file', '-e', `${c}^{commit}`).status === 0);
if (!history)
  console.log(`commit subjects not checked: commit ${KEPT_SINCE} is not in this clone's history (a shallow clone?)`);

describe.runIf(history)('commit messages (CONTRIBUTING)', () => {
  it('say what changed in one line under 72 characters', () => {
    const long = commitsAfter(KEPT_SINCE).filter((c) => c.subject.length >= 72 || c.subject.trim() === '');
    expect(long.map((c) => `${c.hash} (${c.subject.length}): ${c.subject}`)).toEqual([]);
  });

  it('say why in the body, from the commit that added this check on', () => {
    const bare = commitsAfter(BODIES_SINCE).filter((c) => c.body.length === 0);
    expect(bare.map((c) => `${c.hash}: ${c.subject}`)).toEqual([]);
  });
});
