import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { readPlacedText } from '../support/index.js';
import { rename, writeFile } from 'node:fs/promises';
import { parseMeasured } from '../../../shared/boundary.js';
import type { CheckpointSigner } from './signing.js';

/** The small file beside the log that remembers its newest entry, so that a cut-off end is found. */
export interface Checkpoint {
  seq: number;
  hash: string;
}

/** How long the checkpoint may lag the log. */
const CHECKPOINT_DELAY_MS = 100;

/**
 * The checkpoint file: it follows the log within CHECKPOINT_DELAY_MS (written off the main thread,
 * one write at a time) and at once on `flush` (close, verify). It may lag the log, never lead it,
 * so verify's "ends before its checkpoint" only ever means entries were removed. Each write is
 * whole (a temporary file, then rename); the timed one and the immediate one use their own
 * temporary files, so they never mix.
 */
export class CheckpointFile {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(
    readonly path: string,
    private readonly newest: () => Checkpoint,
    /** Signs each checkpoint written (the data directory's key); none: written unsigned. */
    private readonly signer?: CheckpointSigner,
  ) {}

  /** The checkpoint's text: the newest entry, signed when there is a signer. */
  private text(): string {
    const cp = this.newest();
    return JSON.stringify(this.signer ? this.signer.sign(cp) : cp) + '\n';
  }

  /** The log moved on: the checkpoint follows soon. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writeLater();
    }, CHECKPOINT_DELAY_MS);
    this.timer.unref();
  }

  /** Writes a checkpoint still due, now. */
  flush(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.writeNow();
  }

  writeNow(): void {
    const tmp = `${this.path}.tmp`;
    try {
      writeFileSync(tmp, this.text(), { mode: 0o600 });
      renameSync(tmp, this.path);
    } catch {
      /* the chain still holds; verify says when the checkpoint is missing */
    }
  }

  /** The checkpoint as written: with its signature and key when it was signed. */
  read(): (Checkpoint & { sig?: string; key?: string }) | 'missing' | 'unreadable' {
    if (!existsSync(this.path)) return 'missing';
    try {
      const cp = parseMeasured(
        readPlacedText(this.path, 'the checkpoint', 1024 * 1024),
        'the checkpoint',
      ) as Checkpoint;
      return typeof cp.seq === 'number' && typeof cp.hash === 'string' ? cp : 'unreadable';
    } catch {
      return 'unreadable';
    }
  }

  /** Resolves when no timed write is under way (closing waits for it, so nothing is written after). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** The timed write: not worth blocking a call for. Landing late, it makes the checkpoint lag, which is allowed. */
  private writeLater(): void {
    if (this.writing) return this.schedule();
    const tmp = `${this.path}.later.tmp`;
    this.writing = writeFile(tmp, this.text(), { mode: 0o600 })
      .then(() => rename(tmp, this.path))
      .catch(() => undefined) // the chain still holds; verify says when the checkpoint is missing
      .finally(() => (this.writing = null));
  }
}
