import { useCollections } from './features/collections/collections-store';
import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useConsole } from './store/store';
import { listingUnderWay } from './store/catalog-feed';
import { ServersPanel } from './features/servers/ServersPanel';
import { CatalogList } from './features/catalog/CatalogList';
import { ToolDetail } from './features/catalog/ToolDetail';
import { FilterBox } from './features/catalog/FilterBox';
import { ApprovalDialog } from './features/approvals/ApprovalDialog';
import { ApprovalTaken } from './features/approvals/ApprovalTaken';
import { ApprovalQueue } from './features/approvals/ApprovalQueue';
import { ElicitationDialog } from './features/elicitation/ElicitationDialog';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Deferred } from './components/Deferred';
import { usePendingSignals } from './features/approvals/pending-signals';
import { SignInDialog } from './features/auth/SignInDialog';
import { LinkConfirm } from './components/LinkConfirm';
import { lazyView, preloadViews } from './components/lazy-view';
import { StartProblems } from './components/StartProblems';
import { LinkBanner } from './components/LinkBanner';
import { TeamPerson } from './features/team/TeamPerson';
import './App.css';

// The tools tab and the dialogs are in the page's first script; every other tab is in its own,
// loaded when the browser is idle after the start (or when first opened), so that the page's start
// (parse, compile, run) stays one short task.
const ResourcesView = lazyView(() => import('./features/resources/ResourcesView').then((m) => m.ResourcesView));
const PromptsView = lazyView(() => import('./features/prompts/PromptsView').then((m) => m.PromptsView));
const LogsView = lazyView(() => import('./features/logs/LogsView').then((m) => m.LogsView));
const TraceView = lazyView(() => import('./features/trace/TraceView').then((m) => m.TraceView));
const AuthView = lazyView(() => import('./features/auth/AuthView').then((m) => m.AuthView));
const ReviewView = lazyView(() => import('./features/review/ReviewView').then((m) => m.ReviewView));
const CollectionsView = lazyView(() => import('./features/collections/CollectionsView').then((m) => m.CollectionsView));
const HistoryView = lazyView(() => import('./features/audit/HistoryView').then((m) => m.HistoryView));
const AuditView = lazyView(() => import('./features/audit/AuditView').then((m) => m.AuditView));
const AgentsView = lazyView(() => import('./features/agents/AgentsView').then((m) => m.AgentsView));
const ConsentsView = lazyView(() => import('./features/settings/ConsentsView').then((m) => m.ConsentsView));
const TimeoutsPanel = lazyView(() => import('./features/settings/TimeoutsPanel').then((m) => m.TimeoutsPanel));
const ArrivingCallsPanel = lazyView(() =>
  import('./features/settings/ArrivingCallsPanel').then((m) => m.ArrivingCallsPanel),
);
const ThemePanel = lazyView(() => import('./features/settings/ThemePanel').then((m) => m.ThemePanel));
const ResultCheckPanel = lazyView(() => import('./features/settings/ResultCheckPanel').then((m) => m.ResultCheckPanel));
const ShippingPanel = lazyView(() => import('./features/settings/ShippingPanel').then((m) => m.ShippingPanel));

type Tab =
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'logs'
  | 'trace'
  | 'auth'
  | 'review'
  | 'history'
  | 'collections'
  | 'audit'
  | 'agents'
  | 'settings';

/** A server connecting or a listing streaming in: the views' scripts wait meanwhile (preloadViews). */
const machineBusy = () =>
  listingUnderWay() || Object.values(useConsole.getState().servers).some((v) => v.status === 'connecting');

const TAB_LABEL: Record<Tab, string> = {
  tools: 'Tools',
  resources: 'Resources',
  prompts: 'Prompts',
  logs: 'Logs',
  trace: 'Trace',
  auth: 'Sign-in',
  review: 'Review',
  history: 'History',
  collections: 'Collections',
  audit: 'Audit log',
  agents: 'Agents',
  settings: 'Settings',
};

/** A tab's panel; its view may still be loading. */
function Wide({ children }: { children: ReactNode }) {
  return (
    <section className="panel wide-panel">
      <Deferred what="tab" loading="loading…">
        {children}
      </Deferred>
    </section>
  );
}

/** The selected tool's detail; a tool that cannot be shown says so, and the next one selected is shown again. */
function ToolPane() {
  const key = useConsole((s) => (s.selected ? `${s.selected.serverId}\n${s.selected.name}` : ''));
  return (
    <ErrorBoundary what="tool" resetKey={key}>
      <ToolDetail />
    </ErrorBoundary>
  );
}

/** The console: servers, catalog and detail; history; audit. The approval dialog sits above all. */
export function App() {
  const online = useConsole((s) => s.online);
  const linkDown = useConsole((s) => s.linkDown !== null);
  const pending = useConsole((s) => s.approvals.length);
  const runsWaiting = useCollections((s) => s.order.filter((id) => s.runs[id]?.status === 'awaiting-approval').length);
  const [tab, setTab] = useState<Tab>('tools');
  const search = useRef<HTMLInputElement>(null);
  // One function for the filter's whole life, and the same tab again is no change (React bails out):
  // a keystroke in the filter does not re-render the shell.
  const toTools = useCallback(() => setTab('tools'), []);
  usePendingSignals(pending);
  const topbarRef = useTopbarHeight();

  useEffect(() => {
    document.body.dataset.appState = online ? 'ready' : 'connecting';
  }, [online]);
  useEffect(() => preloadViews(machineBusy), []);
  useSearchKey(search, toTools);

  return (
    <div className="app">
      <header className="topbar" ref={topbarRef}>
        <h1>MCP Console</h1>
        <nav className="tabs" role="tablist">
          {(Object.keys(TAB_LABEL) as Tab[]).map((t) => (
            <button
              key={t}
              role="tab"
              aria-selected={tab === t}
              onClick={() => startTransition(() => setTab(t))}
              data-testid={`tab-${t}`}
            >
              {TAB_LABEL[t]}
            </button>
          ))}
        </nav>
        <FilterBox inputRef={search} toTools={toTools} />
        {/* The badge has its place whether or not calls wait: one arriving moves nothing in the bar. */}
        <span className="badge-slot">
          {pending > 0 && (
            <button
              className="badge warn queue-badge"
              onClick={() => useConsole.getState().queueToggled()}
              data-testid="approval-badge"
              aria-haspopup="true"
            >
              {pending} waiting for approval
            </button>
          )}
        </span>
        {runsWaiting > 0 && (
          <button className="badge warn" onClick={() => setTab('collections')} data-testid="run-waiting-badge">
            {runsWaiting} collection run{runsWaiting === 1 ? '' : 's'} waiting for approval
          </button>
        )}
        <TeamPerson />
        {!online && !linkDown && (
          <span className="badge warn" role="status">
            connecting to the console…
          </span>
        )}
      </header>
      <LinkBanner />
      <StartProblems />
      <main className={`layout tab-${tab}`}>
        <ServersPanel />
        {tab === 'tools' && (
          <>
            <CatalogList />
            <ToolPane />
          </>
        )}
        {tab !== 'tools' && <Wide key={tab}>{wideView(tab, setTab)}</Wide>}
      </main>
      <ApprovalDialog />
      <ApprovalQueue />
      <ApprovalTaken />
      <ElicitationDialog />
      <SignInDialog />
      <LinkConfirm />
    </div>
  );
}

/** What a tab other than Tools shows, across the width beside the servers. */
function wideView(tab: Tab, setTab: (t: Tab) => void): ReactNode {
  switch (tab) {
    case 'resources':
      return <ResourcesView />;
    case 'prompts':
      return <PromptsView />;
    case 'logs':
      return <LogsView />;
    case 'trace':
      return <TraceView />;
    case 'auth':
      return <AuthView />;
    case 'review':
      return (
        <ReviewView
          onOpenTool={(serverId, name) => {
            useConsole.getState().toolSelected({ serverId, name });
            setTab('tools');
          }}
        />
      );
    case 'history':
      return <HistoryView onCallAgain={() => setTab('tools')} />;
    case 'collections':
      return <CollectionsView />;
    case 'audit':
      return <AuditView />;
    case 'agents':
      return <AgentsView />;
    case 'settings':
      return (
        <>
          <TimeoutsPanel />
          <ArrivingCallsPanel />
          <ThemePanel />
          <ResultCheckPanel />
          <ShippingPanel />
          <ConsentsView />
        </>
      );
    default:
      return null;
  }
}

/** Ctrl+K (or / outside a text field) goes to the Tools tab's filter. */
/**
 * The top bar's height as `--topbar-h` on the page (it wraps to two lines on a narrow window): the queue starts under
 * it, so the tabs stay reachable while calls wait.
 */
function useTopbarHeight(): RefObject<HTMLElement | null> {
  const topbarRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = topbarRef.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const note = () => document.documentElement.style.setProperty('--topbar-h', `${bar.offsetHeight}px`);
    const seen = new ResizeObserver(note);
    seen.observe(bar);
    note();
    return () => seen.disconnect();
  }, []);
  return topbarRef;
}

function useSearchKey(search: RefObject<HTMLInputElement | null>, toTools: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing =
        e.target instanceof HTMLInputElement ||
        e.target instanceof HTMLTextAreaElement ||
        (e.target as HTMLElement)?.isContentEditable;
      if ((e.key === 'k' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !typing)) {
        e.preventDefault();
        toTools();
        search.current?.focus();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [search, toTools]);
}
