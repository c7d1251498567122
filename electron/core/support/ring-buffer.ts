/** Keeps the last `capacity` items and counts what it dropped. */
export class RingBuffer<T> {
  private items: T[] = [];
  private head = 0;
  dropped = 0;

  constructor(readonly capacity: number) {}

  push(item: T): void {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return;
    }
    this.items[this.head] = item;
    this.head = (this.head + 1) % this.capacity;
    this.dropped++;
  }

  /** Oldest first. */
  toArray(): T[] {
    return this.items.length < this.capacity
      ? [...this.items]
      : [...this.items.slice(this.head), ...this.items.slice(0, this.head)];
  }

  /** The newest `n` items, oldest first. */
  last(n: number): T[] {
    const all = this.toArray();
    return all.slice(Math.max(0, all.length - n));
  }
}
