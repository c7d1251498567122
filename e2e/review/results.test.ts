import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resultTexts, scanResultTexts } from '../../shared/review/result-scan.js';
import { reviewServers } from '../../shared/review/review-run.js';
import { RESULTS_CLEAN, RESULTS_HELD_OUT, type ResultCase } from './public-results.js';
import { installedReadmes } from './readmes.js';

// The result scan judged on what others wrote: poisoned results in the published shapes (held out, never tuned on),
// honest results that order people, and the READMEs of every package this repository installs — documentation written
// elsewhere, full of orders to its reader ("run `npm test`", "create a `.env` file"), as a docs tool returns it.

const flagged = (c: ResultCase) => scanResultTexts(resultTexts(c.result).texts);

/** Held-out results still missed, each with why (a case caught now fails until it leaves this list). */
const KNOWN_RESULT_MISSES = new Map([
  ['res-gh-issue-author', 'an issue that never names the model: its orders read as said to the issue’s reader'],
]);

describe('the result scan on results others wrote', () => {
  it('prints its recall on the held-out poisoned results', () => {
    const missed = RESULTS_HELD_OUT.filter((c) => !flagged(c).length).map((c) => c.id);
    const caught = RESULTS_HELD_OUT.length - missed.length;
    console.log(
      `held-out results: ${caught}/${RESULTS_HELD_OUT.length} caught at medium or above${missed.length ? `; missed ${missed.join(', ')}` : ''}`,
    );
    expect(RESULTS_HELD_OUT.length).toBeGreaterThanOrEqual(14);
  });

  it.each(RESULTS_HELD_OUT.map((c) => [c.id, c] as const))(
    'the held-out result %s stays as caught as it was',
    (id, c) => {
      expect(flagged(c).length > 0, KNOWN_RESULT_MISSES.get(id) ?? c.about).toBe(!KNOWN_RESULT_MISSES.has(id));
    },
  );

  it.each(RESULTS_CLEAN.map((c) => [c.id, c] as const))('the honest result %s raises nothing', (_id, c) => {
    expect(flagged(c)).toEqual([]);
  });

  it('reads each result here in the review of a recorded call as the scan reads it (one reading, any result added)', () => {
    for (const c of [...RESULTS_HELD_OUT, ...RESULTS_CLEAN])
      for (const { text } of resultTexts(c.result).texts) {
        const scanned = scanResultTexts([{ path: 'content[0].text', text }]).map((f) => `${f.rule} ${f.severity}`);
        const reviewed = reviewServers([{ id: 's', tools: [], results: [{ callId: 'c', tool: 't', texts: [text] }] }])
          .filter((f) => f.kind === 'result' && f.severity !== 'low')
          .map((f) => `${f.rule} ${f.severity}`);
        expect(reviewed.sort(), c.id).toEqual(scanned.sort());
      }
  });

  it('flags at most one in a hundred of the installed packages’ READMEs, and prints how many', () => {
    const files = installedReadmes();
    const loud: string[] = [];
    for (const f of files) {
      const found = scanResultTexts(resultTexts({ content: [{ type: 'text', text: readFileSync(f, 'utf8') }] }).texts);
      if (found.length) loud.push(`${f}: ${found[0]!.rule} ${found[0]!.excerpt}`);
    }
    console.log(`READMEs of installed packages as results: ${loud.length} of ${files.length} flagged`);
    // Fewer than this many would measure little: the lock installs several hundred packages.
    expect(files.length).toBeGreaterThan(300);
    expect(loud.length, loud.join('\n')).toBeLessThanOrEqual(Math.floor(files.length / 100));
    // A corpus read whole (about 15 s on two busy cores), not a timing: its time is `npm run bench`'s to measure.
  }, 120_000);
});
