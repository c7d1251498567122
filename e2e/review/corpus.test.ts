import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../../electron/core/calls/index.js';
import { ReviewRun, reviewServers } from '../../shared/review/review-run.js';
import { SEVERITY_RANK } from '../../shared/review/rules.js';
import type { Finding } from '../../shared/schemas/review.js';
import { CLEAN } from './clean.js';
import type { CorpusCase } from './corpus-kit.js';
import { HELD_OUT, SECOND_ROUND } from './held-out.js';
import { HOSTILE } from './hostile.js';
import { THIRD_ROUND } from './third-round.js';
import { ROUND_TWO_CLEAN, ROUND_TWO_HOSTILE } from './round-two.js';

const validator = new SchemaValidator();
const run = (c: CorpusCase): Finding[] => reviewServers(c.servers, { checkSchema: (s) => validator.metaProblems(s) });
const loud = (f: Finding): boolean => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium;
const show = (fs: Finding[]): string =>
  fs.map((f) => `${f.severity} ${f.rule} ${f.subject} ${f.path}: ${f.message}`).join('\n');

/** Per case: planted findings found (true positives), planted but missed, and loud findings nobody planted. */
function score(c: CorpusCase): { tp: number; missed: string[]; extra: Finding[] } {
  const found = run(c);
  const missed = c.expect
    .filter((e) => !found.some((f) => f.rule === e.rule && f.severity === e.severity))
    .map((e) => `${e.severity} ${e.rule}`);
  const extra = found.filter((f) => loud(f) && !c.expect.some((e) => e.rule === f.rule && e.severity === f.severity));
  return { tp: c.expect.length - missed.length, missed, extra };
}

describe('review corpus', () => {
  it('holds at least 60 hostile cases across every rule family, and at least 20 clean ones', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(60);
    expect(CLEAN.length).toBeGreaterThanOrEqual(20);
    const families = new Set(HOSTILE.flatMap((c) => c.expect.map((e) => e.rule[0])));
    expect([...families].sort()).toEqual(['A', 'H', 'P', 'Q', 'S']);
  });

  it.each([...HOSTILE, ...ROUND_TWO_HOSTILE].map((c) => [c.id, c] as const))(
    'hostile %s: finds what was planted, and nothing else loud',
    (_id, c) => {
      const { missed, extra } = score(c);
      expect(missed, `missed in ${c.id} (${c.about}); found:\n${show(run(c))}`).toEqual([]);
      expect(show(extra), `unexpected in ${c.id}`).toBe('');
    },
  );

  it.each([...CLEAN, ...ROUND_TWO_CLEAN].map((c) => [c.id, c] as const))(
    'clean %s: no high or medium finding',
    (_id, c) => {
      expect(show(run(c).filter(loud))).toBe('');
    },
  );

  it('measures precision and recall over the whole corpus, and prints them', () => {
    let tp = 0;
    let fn = 0;
    let fp = 0;
    for (const c of [...HOSTILE, ...CLEAN, ...SECOND_ROUND, ...ROUND_TWO_HOSTILE, ...ROUND_TWO_CLEAN]) {
      const s = score(c);
      tp += s.tp;
      fn += s.missed.length;
      fp += s.extra.length;
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(
      `review corpus: ${HOSTILE.length} hostile + ${CLEAN.length} clean cases + ${SECOND_ROUND.length} of a second round + ${ROUND_TWO_HOSTILE.length + ROUND_TWO_CLEAN.length} of round two; precision ${(precision * 100).toFixed(1)}% (${tp}/${tp + fp}), recall ${(recall * 100).toFixed(1)}% (${tp}/${tp + fn})`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  /** Precision and recall over held-out cases, printed with every miss and every false alarm. */
  function measure(name: string, cases: readonly CorpusCase[]): { recall: number; falseAlarms: number } {
    let tp = 0;
    let fn = 0;
    let fp = 0;
    const notes: string[] = [];
    for (const c of cases) {
      const s = score(c);
      tp += s.tp;
      fn += s.missed.length;
      fp += s.extra.length;
      notes.push(
        ...s.missed.map((m) => `${c.id}: missed ${m}`),
        ...s.extra.map((f) => `${c.id}: also ${f.severity} ${f.rule}`),
      );
    }
    const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)}%` : 'n/a');
    console.log(
      `${name}: ${cases.length} cases; precision ${pct(tp, tp + fp)} (${tp}/${tp + fp}), recall ${pct(tp, tp + fn)} (${tp}/${tp + fn})${notes.length ? `\n  ${notes.join('\n  ')}` : ''}`,
    );
    return { recall: tp / (tp + fn), falseAlarms: fp };
  }

  it('measures the held-out cases apart (written after the rules): how the heuristics generalise', () => {
    // Measured, not fitted: the bar is only that the rules still find most of what they were not written for.
    expect(measure('held-out cases', HELD_OUT).recall).toBeGreaterThanOrEqual(0.5);
  });

  it('measures the third round apart (written before round two changed the rules, never used to tune them)', () => {
    const m = measure('third round (held out)', THIRD_ROUND);
    expect(THIRD_ROUND.filter((c) => c.expect.length > 0).length).toBeGreaterThanOrEqual(30);
    expect(THIRD_ROUND.filter((c) => c.expect.length === 0).length).toBeGreaterThanOrEqual(20);
    // Measured, not fitted: the issue's goal (recall 0.85) held once the rules were written from
    // phrasings of our own, and a rule change that loses it fails here; and nothing loud on its clean half.
    expect(m.recall).toBeGreaterThanOrEqual(0.85);
    const cleanAlarms = THIRD_ROUND.filter((c) => c.expect.length === 0).flatMap((c) =>
      run(c)
        .filter(loud)
        .map((f) => `${c.id}: ${f.severity} ${f.rule}`),
    );
    expect(cleanAlarms).toEqual([]);
  });
});

describe('the review fed piece by piece (as its worker is)', () => {
  it('finds exactly what the whole review finds, whatever the batches, on every corpus case together', () => {
    const servers = [...HOSTILE, ...CLEAN].flatMap((c, n) => c.servers.map((s) => ({ ...s, id: `${s.id}-${n}` })));
    const checkSchema = (s: unknown) => validator.metaProblems(s);
    const whole = reviewServers(servers, { checkSchema });
    expect(whole.length).toBeGreaterThan(100);
    for (const batch of [1, 3, 1000]) {
      const r = new ReviewRun({ checkSchema });
      for (const { tools, ...head } of servers) {
        r.begin(head);
        for (let i = 0; i < tools.length; i += batch) for (const t of tools.slice(i, i + batch)) r.tool(t);
      }
      expect(r.finish()).toEqual(whole);
    }
  });

  it('refuses a tool before its server began', () => {
    expect(() => new ReviewRun().tool({ name: 'x' })).toThrow(/before its server began/);
  });
});
