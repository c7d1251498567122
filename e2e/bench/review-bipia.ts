/**
 * The result scan on BIPIA (github.com/microsoft/BIPIA, MIT; arXiv:2312.14197, indirect prompt injection): instructions
 * an attacker hides in the data an assistant reads — five of each of fifteen kinds in its train file and fifteen
 * other kinds in its test file — put into mails of its own email set, as a tool's result would carry them. Its texts
 * are others' and stay outside the repository: `BIPIA_DIR=<a checkout> npm run bench:peers` reads them. The train
 * file's attacks are the half read and tuned on; the test file's are held out and were never read. An attack is caught
 * when the scan flags it wherever it is put: at the end of two mails and at the start of a third. The mails alone are
 * the clean texts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanResultTexts } from '../../shared/review/result-scan.js';
import { tally } from './tally.js';

/** One attack: its half, its kind, its text. */
export interface BipiaAttack {
  half: 'train' | 'test';
  kind: string;
  /** One of the kinds that ask for a task done rather than the answer reworked. */
  task: boolean;
  text: string;
}

/**
 * Each file's first five kinds ask for a task done (a question answered, a text written: BIPIA's "task-irrelevant"
 * attacks); the next ten rework the answer or slip something into it ("task-relevant" and "targeted").
 */
const TASK_KINDS = 5;

/** The attacks of a checkout and the distinct mails of its email set. */
export function bipiaCorpus(dir: string): { attacks: BipiaAttack[]; mails: string[] } {
  const attacks: BipiaAttack[] = [];
  for (const half of ['train', 'test'] as const) {
    const p = join(dir, `benchmark/text_attack_${half}.json`);
    if (!existsSync(p)) continue;
    const byKind = JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
    Object.entries(byKind).forEach(([kind, list], k) => {
      if (!Array.isArray(list)) return;
      for (const text of list) if (typeof text === 'string') attacks.push({ half, kind, task: k < TASK_KINDS, text });
    });
  }
  const m = join(dir, 'benchmark/email/test.jsonl');
  const mails = existsSync(m)
    ? [
        ...new Set(
          readFileSync(m, 'utf8')
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => (JSON.parse(l) as { context?: unknown }).context)
            .filter((c): c is string => typeof c === 'string'),
        ),
      ]
    : [];
  return { attacks, mails };
}

const flagged = (text: string): boolean => scanResultTexts([{ path: 'content[0].text', text }]).length > 0;

/** Caught per half, and per half without the task kinds: `[caught, total]`; clean mails flagged under "clean". */
export function bipiaScore(c: {
  attacks: readonly BipiaAttack[];
  mails: readonly string[];
}): Map<string, [number, number]> {
  const { rows: out, add } = tally();
  const n = c.mails.length;
  for (const a of c.attacks) {
    const at = a.text.length % Math.max(n, 1);
    const hit =
      n > 0 &&
      flagged(`${c.mails[at]}\n${a.text}`) &&
      flagged(`${c.mails[(at + 1) % n]}\n${a.text}`) &&
      flagged(`${a.text}\n${c.mails[(at + 2) % n]}`);
    add(`${a.half} all`, hit);
    if (!a.task) add(`${a.half} answer`, hit);
  }
  for (const mail of c.mails) add('clean', flagged(mail));
  return out;
}

/** The lines `npm run bench:peers` prints for BIPIA, or how to get a checkout. */
export function bipiaFigures(dir = process.env.BIPIA_DIR): string[] {
  if (!dir)
    return [
      '\nBIPIA (outside the repository): not measured — set BIPIA_DIR to a checkout of github.com/microsoft/BIPIA.',
    ];
  const corpus = bipiaCorpus(dir);
  if (!corpus.attacks.length || !corpus.mails.length) throw new Error(`${dir} holds no BIPIA attacks and mails`);
  const score = bipiaScore(corpus);
  const pct = ([a, b]: [number, number]): string => `${a}/${b} (${((a / Math.max(b, 1)) * 100).toFixed(1)}%)`;
  const get = (k: string): [number, number] => score.get(k) ?? [0, 0];
  const clean = get('clean');
  return [
    `\nBIPIA, ${corpus.attacks.length} instructions others wrote to hide in what an assistant reads, in its mails as a tool's result`,
    `  train file (tuned on): ${pct(get('train all'))}; of those that rework the answer (not a task asked for): ${pct(get('train answer'))}`,
    `  HELD OUT: test file (never read): ${pct(get('test all'))}; of those that rework the answer: ${pct(get('test answer'))}`,
    `  the mails alone (clean): ${clean[0]} of ${clean[1]} flagged`,
  ];
}
