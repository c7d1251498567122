import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi, hasBackEnd } from './api/client';
import { ApiContext } from './api/context';
import { wireEvents } from './store/events';
import { App } from './App';
import { takeWantedApproval } from './features/team/team-store';

/** Renders the page (main.tsx loads this module in a task of its own). */
export function start(): void {
  const root = createRoot(document.getElementById('root')!);
  if (!hasBackEnd()) {
    // Opened without its #token (a bookmark, a pasted address): say so instead of "connecting…" forever.
    document.body.dataset.appState = 'no-token';
    root.render(
      <main className="no-token" data-testid="no-token" role="alert">
        <h1>MCP Console</h1>
        <p>This address lacks its access token, so the page cannot reach the console.</p>
        <p>
          Open the full address that <code>mcp-console serve</code> printed when it started (the line{' '}
          <code>MCP Console ready at http://127.0.0.1:…/#token=…</code>). Each start makes a new token; if you have lost
          it, restart <code>mcp-console serve</code>.
        </p>
      </main>,
    );
  } else {
    // A link to one approval (a team's webhook): taken before the page clears its address.
    takeWantedApproval(location.hash);
    const api = createApi();
    wireEvents(api);
    // A transition: React renders the first screen in slices of a few milliseconds, so the page's
    // start is no one long task (rendered at once, it held the main thread 54–94 ms on a cold start).
    startTransition(() =>
      root.render(
        <StrictMode>
          <ApiContext.Provider value={api}>
            <App />
          </ApiContext.Provider>
        </StrictMode>,
      ),
    );
  }
}
