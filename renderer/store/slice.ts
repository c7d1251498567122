/**
 * How a slice changes the page's store: zustand's `set`, seen over the slice's own fields and what
 * it reads of other slices (never the whole store's type, which names every slice: a circle).
 */
export type SetSlice<S> = (partial: Partial<S> | ((s: S) => Partial<S>)) => void;

/**
 * One feature's part of the page's store (`renderer/features/<x>/slice.ts`): made from `set` and
 * `get` over its own state `T` and the fields `Reads` it reads or clears of other slices.
 */
export type Slice<T, Reads = object> = (set: SetSlice<T & Reads>, get: () => T & Reads) => T;
