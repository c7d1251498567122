/**
 * Steps run one after another — one kind of shared state's writes to the store and reads from it, so a read never
 * overtakes the write before it. A step that fails is said (`failed`) and the next one runs.
 */
export class InTurn {
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly failed: (e: Error) => void) {}

  add(step: () => Promise<void>): void {
    this.last = this.last.then(step).catch((e: Error) => this.failed(e));
  }

  /** Resolves once every step added so far has run. */
  idle(): Promise<void> {
    return this.last;
  }
}
