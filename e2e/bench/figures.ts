/**
 * Every figure `npm run bench` prints, kept for the next run: a figure more than 20% worse than the
 * last run's is printed as a regression at the end (the bench never fails for it — figures on a
 * shared machine move). A figure is a number with a unit on a printed line; it is known by its line
 * with the numbers left out, under the heading above it. Times, sizes and ratios are better lower;
 * rates and percentages higher. Differences under a small floor (2 ms, 2 MB, 0.05x) are noise.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const NUMBER =
  /(-?\d[\d,]*(?:\.\d+)?)\s*(ms\b|µs\b|MB\b|KB\b|x\b|%|s\b|calls\/s|steps\/s|steps a second|calls a second)/g;

export interface Figure {
  value: number;
  unit: string;
}
export type Figures = Record<string, Figure[]>;

const better = (unit: string): 'lower' | 'higher' => (/\/s|a second|%/.test(unit) ? 'higher' : 'lower');
const FLOOR: Record<string, number> = { ms: 2, s: 0.002, MB: 2, KB: 2048, x: 0.05 };

/** The figures of printed lines: each line's numbers with units, by its heading and its words. */
export function figuresOf(lines: readonly string[]): Figures {
  const out: Figures = {};
  let heading = '';
  for (const raw of lines)
    for (const line of raw.split('\n')) {
      const masked = line.replace(NUMBER, (_m, _n: string, unit: string) => `#${unit}`).trim();
      if (!/^\s/.test(line) && line.trim()) heading = masked.slice(0, 120);
      const found = [...line.matchAll(NUMBER)].map((m) => ({ value: Number(m[1]!.replaceAll(',', '')), unit: m[2]! }));
      if (found.length) out[`${heading} / ${masked}`.slice(0, 400)] = found;
    }
  return out;
}

/** What got worse by more than `by` (0.2: 20%) from `before` to `now`, one line each. */
export function regressions(before: Figures, now: Figures, by = 0.2): string[] {
  const worse: string[] = [];
  for (const [key, figs] of Object.entries(now)) {
    const old = before[key];
    if (!old || old.length !== figs.length) continue;
    figs.forEach((f, i) => {
      const o = old[i]!;
      if (o.unit !== f.unit || o.value === 0) return;
      const change = (f.value - o.value) / Math.abs(o.value);
      const worsened = better(f.unit) === 'lower' ? change > by : change < -by;
      if (worsened && Math.abs(f.value - o.value) >= (FLOOR[f.unit] ?? 0))
        worse.push(
          `${key.split(' / ').pop()!.slice(0, 110)}: ${o.value} → ${f.value} ${f.unit} (${change > 0 ? '+' : ''}${(change * 100).toFixed(0)}%)`,
        );
    });
  }
  return worse;
}

/** Collects what the bench prints from now on; `finish` compares it with the last run's and saves it. */
export function keepFigures(file: string): { finish(): void } {
  const printed: string[] = [];
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
    log(...args);
  };
  return {
    finish() {
      console.log = log;
      const now = figuresOf(printed);
      let before: { at: string; figures: Figures } | undefined;
      try {
        before = JSON.parse(readFileSync(file, 'utf8')) as { at: string; figures: Figures };
      } catch {
        /* the first run here */
      }
      if (!before) log(`\nno figures of an earlier run in ${file}: this run's are kept for the next`);
      else {
        const worse = regressions(before.figures, now);
        log(
          worse.length
            ? `\nregressions against the run of ${before.at} (more than 20% worse):\n  ${worse.join('\n  ')}`
            : `\nno figure more than 20% worse than in the run of ${before.at}`,
        );
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), figures: now }, null, 1));
    },
  };
}
