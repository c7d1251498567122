/**
 * A part used by parts built before it. The composition root builds every part in dependency
 * order; where a part must reach one built later (a connection feeds the catalog, the calls, the
 * questions and the review, which all reach back to it), it is handed this port, bound once the
 * part exists. Using it before then is a bug in the root, and says so.
 */
export class Port<T extends object> {
  private part: T | undefined;

  constructor(readonly name: string) {}

  /** Binds the part, once. */
  bind(part: T): T {
    if (this.part) throw new Error(`${this.name} is bound twice`);
    this.part = part;
    return part;
  }

  /** The part; before it is bound, an error naming it. */
  get it(): T {
    if (!this.part) throw new Error(`${this.name} is used before the core built it`);
    return this.part;
  }
}
