/** One promise per key while it runs: whoever asks meanwhile is given that one (a connection attempt, say). */
export class InFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  /** Keeps `p` as the key's until it settles (unless another took its place); returns it. */
  track(key: string, p: Promise<T>): Promise<T> {
    this.running.set(key, p);
    const over = () => void (this.running.get(key) === p && this.running.delete(key));
    p.then(over, over);
    return p;
  }

  get(key: string): Promise<T> | undefined {
    return this.running.get(key);
  }
}
