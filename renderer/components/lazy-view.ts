import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/** Each lazy view's loader, and whether its script is in. */
const loaders: Array<{ load: () => Promise<unknown>; isIn: () => boolean }> = [];

/**
 * A view in a script of its own (so that the page's first scripts stay small and its start one
 * short task): loaded when it is first shown, or before, when the browser is idle (preloadViews).
 * Once its script is in, the view renders at once; only a view shown before that suspends (React
 * then holds its content back for a moment, which is why the scripts are fetched ahead).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyView<T extends ComponentType<any>>(
  load: () => Promise<T>,
): (props: ComponentProps<T>) => ReturnType<typeof createElement> {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const once = () =>
    (loading ??= load().then(
      (c) => {
        loaded = c;
        return { default: c };
      },
      (e: unknown) => {
        loading = undefined; // tried again when the view is shown
        throw e;
      },
    ));
  loaders.push({ load: once, isIn: () => loaded !== undefined });
  const Lazy = lazy(once);
  // Once the script is in, the view itself; before, the lazy wrapper (its retry renders this again,
  // with the script in, before anything was shown or typed in it).
  return (props: ComponentProps<T>) => (loaded ? createElement(loaded, props) : createElement(Lazy, props));
}

/** How long the preload waits before it looks again when `busy` said the machine has other work, and at most in all. */
export const PRELOAD_RETRY_MS = 250;
export const PRELOAD_WAIT_MAX_MS = 10_000;

/**
 * Loads every lazy view's script, one each time the browser is idle, once the page has started: a
 * first tab switch, call form or elicitation then does not wait for its script (nor does it run a
 * script's start in the middle of a person's click). A script the preload could not load is
 * loaded again when its view is shown. While `busy` holds (a server connecting, a listing streaming
 * in), the next script waits: fetching and compiling the scripts took 70–120 ms of the page's CPU
 * and more of the browser's, and a connect started as the page came up shared the cores with it
 * (a 10,000-tool catalog then reached the screen some 80 ms later). A server that hangs while
 * connecting keeps it busy: the preload waits PRELOAD_WAIT_MAX_MS in all, then goes on.
 */
export function preloadViews(busy: () => boolean = () => false): void {
  const idle =
    (globalThis as { requestIdleCallback?: (f: () => void) => void }).requestIdleCallback ??
    ((f: () => void) => setTimeout(f, 50));
  let waited = 0;
  const next = (i: number): void => {
    const view = loaders[i];
    if (!view) return;
    if (view.isIn()) return next(i + 1);
    idle(() => {
      if (waited < PRELOAD_WAIT_MAX_MS && busy()) {
        waited += PRELOAD_RETRY_MS;
        return void setTimeout(() => next(i), PRELOAD_RETRY_MS);
      }
      void view.load().then(
        () => next(i + 1),
        () => next(i + 1),
      );
    });
  };
  next(0);
}
