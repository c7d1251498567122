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
export function lazyView<T extends ComponentType<any>>(load: () => Promise<T>): (props: ComponentProps<T>) => ReturnType<typeof createElement> {
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

/**
 * Loads every lazy view's script, one each time the browser is idle, once the page has started: a
 * first tab switch, call form or elicitation then does not wait for its script (nor does it run a
 * script's start in the middle of a person's click). A script the preload could not load is
 * loaded again when its view is shown.
 */
export function preloadViews(): void {
  const idle = (globalThis as { requestIdleCallback?: (f: () => void) => void }).requestIdleCallback ?? ((f: () => void) => setTimeout(f, 50));
  const next = (i: number): void => {
    const view = loaders[i];
    if (!view) return;
    if (view.isIn()) return next(i + 1);
    idle(
      () =>
        void view.load().then(
          () => next(i + 1),
          () => next(i + 1),
        ),
    );
  };
  next(0);
}
