import type { EventName, EventPayload } from '../../../shared/contract/index.js';

/** A listener for every event of the contract. */
export type AnyListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

/** Fans the core's events out to every front end; a listener that throws harms no other. */
export class EventBus {
  private listeners = new Set<AnyListener>();

  /** Subscribes to every event; returns the unsubscribe function. */
  on(listener: AnyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const l of this.listeners) {
      try {
        l(name, payload);
      } catch {
        /* a broken front end must not stop the core */
      }
    }
  }
}
