import { useEffect, useRef, useState } from 'react';
import { useConsole } from './store/store';
import { ServersPanel } from './features/servers/ServersPanel';
import { CatalogList } from './features/catalog/CatalogList';
import { ToolDetail } from './features/catalog/ToolDetail';
import { ApprovalDialog } from './features/approvals/ApprovalDialog';
import { ElicitationDialog } from './features/elicitation/ElicitationDialog';
import { HistoryView } from './features/audit/HistoryView';
import { AuditView } from './features/audit/AuditView';
import { ConsentsView } from './features/settings/ConsentsView';
import { ResourcesView } from './features/resources/ResourcesView';
import { TraceView } from './features/trace/TraceView';
import { LogsView } from './features/logs/LogsView';
import { PromptsView } from './features/prompts/PromptsView';
import { ErrorBoundary } from './components/ErrorBoundary';
import { AgentsView } from './features/agents/AgentsView';
import { ReviewView } from './features/review/ReviewView';
import { usePendingSignals } from './features/approvals/pending-signals';
import { SignInDialog } from './features/auth/SignInDialog';
import { AuthView } from './features/auth/AuthView';

type Tab = 'tools' | 'resources' | 'prompts' | 'logs' | 'trace' | 'auth' | 'review' | 'history' | 'audit' | 'agents' | 'settings';

const TAB_LABEL: Record<Tab, string> = {
  tools: 'Tools',
  resources: 'Resources',
  prompts: 'Prompts',
  logs: 'Logs',
  trace: 'Trace',
  auth: 'Sign-in',
  review: 'Review',
  history: 'History',
  audit: 'Audit log',
  agents: 'Agents',
  settings: 'Settings',
};

/** The console: servers, catalog and detail; history; audit. The approval dialog sits above all. */
export function App() {
  const online = useConsole((s) => s.online);
  const filter = useConsole((s) => s.filter);
  const pending = useConsole((s) => s.approvals.length);
  const [tab, setTab] = useState<Tab>('tools');
  const search = useRef<HTMLInputElement>(null);
  usePendingSignals(pending);

  useEffect(() => {
    document.body.dataset.appState = online ? 'ready' : 'connecting';
  }, [online]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || (e.target as HTMLElement)?.isContentEditable;
      if ((e.key === 'k' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !typing)) {
        e.preventDefault();
        setTab('tools');
        search.current?.focus();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="app">
      <header className="topbar">
        <h1>MCP Console</h1>
        <nav className="tabs" role="tablist">
          {(Object.keys(TAB_LABEL) as Tab[]).map((t) => (
            <button key={t} role="tab" aria-selected={tab === t} onClick={() => setTab(t)} data-testid={`tab-${t}`}>
              {TAB_LABEL[t]}
            </button>
          ))}
        </nav>
        <input
          ref={search}
          className="search"
          type="search"
          placeholder="Filter: words, server:id, is:read-only, risk:writes, -is:untrusted  (/ or Ctrl+K)"
          value={filter}
          onChange={(e) => useConsole.getState().filterChanged(e.target.value)}
          data-testid="tool-search"
          aria-label="Filter tools"
        />
        {pending > 0 && <span className="badge warn">{pending} waiting for approval</span>}
        {!online && (
          <span className="badge warn" role="status">
            connecting to the console…
          </span>
        )}
      </header>
      <main className={`layout tab-${tab}`}>
        <ServersPanel />
        {tab === 'tools' && (
          <>
            <CatalogList />
            <ErrorBoundary what="tool">
              <ToolDetail />
            </ErrorBoundary>
          </>
        )}
        {tab === 'resources' && (
          <section className="panel wide-panel">
            <ResourcesView />
          </section>
        )}
        {tab === 'prompts' && (
          <section className="panel wide-panel">
            <PromptsView />
          </section>
        )}
        {tab === 'logs' && (
          <section className="panel wide-panel">
            <LogsView />
          </section>
        )}
        {tab === 'trace' && (
          <section className="panel wide-panel">
            <TraceView />
          </section>
        )}
        {tab === 'auth' && (
          <section className="panel wide-panel">
            <AuthView />
          </section>
        )}
        {tab === 'review' && (
          <section className="panel wide-panel">
            <ReviewView
              onOpenTool={(serverId, name) => {
                useConsole.getState().toolSelected({ serverId, name });
                setTab('tools');
              }}
            />
          </section>
        )}
        {tab === 'history' && (
          <section className="panel wide-panel">
            <HistoryView onCallAgain={() => setTab('tools')} />
          </section>
        )}
        {tab === 'audit' && (
          <section className="panel wide-panel">
            <AuditView />
          </section>
        )}
        {tab === 'agents' && (
          <section className="panel wide-panel">
            <AgentsView />
          </section>
        )}
        {tab === 'settings' && (
          <section className="panel wide-panel">
            <ConsentsView />
          </section>
        )}
      </main>
      <ApprovalDialog />
      <ElicitationDialog />
      <SignInDialog />
    </div>
  );
}
