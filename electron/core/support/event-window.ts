import type { EventName } from '../../../shared/contract/index.js';

/** How long a front end gathers the core's events before it sends them on: one frame of the page. */
const EVENT_WINDOW_MS = 16;

/** A burst this long is sent at once, whatever the time: what waits never grows past it. */
const EVENT_WINDOW_ITEMS = 1000;

/**
 * The events whose payload the core never changes once raised (a call's update is a copy, an audit
 * entry is sealed): a front end may read them when it sends. Any other payload may be a live object
 * (an approval is raised as requested, then changed to resolved), so a front end that sends later
 * takes its copy when the event is raised.
 */
export const FROZEN_EVENTS: ReadonlySet<EventName> = new Set<EventName>(['call.updated', 'audit.appended']);

export interface EventWindow<T> {
  /** Adds an item; the window opens with the first and sends all it holds when it closes. */
  push(item: T): void;
  /** Sends what waits now (before a reply that must follow it). */
  flush(): void;
  /** Drops what waits and takes nothing more. */
  close(): void;
}

/**
 * Gathers what is pushed over a short window and hands it over as one batch, in order. A call's
 * events (its update, its audit entries, its result) are raised while the call is on its way; sent
 * at once, each wakes the page's process in the middle of the call, on a machine whose cores the
 * agent, the console and the server share. Sent a frame later, together, the page is woken once,
 * after the call's answer has gone out, and draws no later than it would have anyway.
 */
export function eventWindow<T>(
  send: (batch: T[]) => void,
  windowMs = EVENT_WINDOW_MS,
  maxItems = EVENT_WINDOW_ITEMS,
): EventWindow<T> {
  let items: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (items.length === 0) return;
    const batch = items;
    items = [];
    send(batch);
  };
  return {
    push(item) {
      if (closed) return;
      items.push(item);
      if (items.length >= maxItems) return flush();
      if (timer === undefined) {
        timer = setTimeout(flush, windowMs);
        // A burst waiting to be sent never keeps the process alive.
        timer.unref?.();
      }
    },
    flush,
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      items = [];
    },
  };
}
