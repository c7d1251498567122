// The shared look first: every feature's own rules come after it.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi, hasBackEnd } from './api/client';
import { ApiContext } from './api/context';
import { wireEvents } from './store/events';
import { App } from './App';

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
        <code>MCP Console ready at http://127.0.0.1:…/#token=…</code>). Each start makes a new token; if you have lost it, restart{' '}
        <code>mcp-console serve</code>.
      </p>
    </main>,
  );
} else {
  const api = createApi();
  wireEvents(api);
  root.render(
    <StrictMode>
      <ApiContext.Provider value={api}>
        <App />
      </ApiContext.Provider>
    </StrictMode>,
  );
}
