// The shared look first: every feature's own rules come after it.
import './styles.css';
import { nextTask } from './components/next-task';
import { applyTheme } from './components/use-color-scheme';

// The person's light or dark choice, before anything is drawn.
applyTheme();

/**
 * The page starts in steps, each a task of its own, so that none is long on a cold start (the
 * whole graph evaluated at once held the main thread 55–100 ms): React's modules, then the
 * console's, then the first screen, which React renders in slices (start.tsx).
 */
import('react-dom/client')
  .then(nextTask)
  .then(() => import('./start'))
  .then((m) => m.start())
  .catch((e: unknown) => {
    // A script that could not load (a build missing a file): said on the page, not a blank window.
    document.body.dataset.appState = 'load-failed';
    document.getElementById('root')!.textContent =
      `MCP Console could not start its page: ${(e as Error)?.message ?? String(e)}`;
  });
