/**
 * Keeps the results held in memory within a byte budget: when a new result pushes the total over
 * it, the oldest are released first (never the one just kept). Knows sizes only; `release` drops
 * the result itself.
 */
export class ResultBudget {
  /** Bytes of each kept result, oldest first. */
  private sizes = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly budget: () => number,
    private readonly release: (callId: string) => void,
  ) {}

  /** Counts a newly kept result, releasing older ones while the total is over the budget. */
  keep(callId: string, bytes: number): void {
    this.sizes.set(callId, bytes);
    this.total += bytes;
    for (const id of this.sizes.keys()) {
      if (this.total <= this.budget() || id === callId) break;
      this.drop(id);
    }
  }

  /** Stops counting a result (and releases it); nothing happens for one not counted. */
  drop(callId: string): void {
    const size = this.sizes.get(callId);
    if (size === undefined) return;
    this.sizes.delete(callId);
    this.total -= size;
    this.release(callId);
  }

  /** Bytes counted now. */
  get bytes(): number {
    return this.total;
  }
}
