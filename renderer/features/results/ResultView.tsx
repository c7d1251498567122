import { SaveToCollection } from '../collections/SaveToCollection';
import { useState } from 'react';
import { routeContent, type Audience } from '../../../shared/content-routing';
import { useApi } from '../../api/context';
import type { CallRecord } from '../../../shared/schemas/call';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { ContentBlockView } from './ContentBlockView';
import { StructuredView } from './StructuredView';
import { ResultScanNote } from './ResultScanNote';
import { count } from '../../components/format';
import { toolByName } from '../../store/tool-by-name';
import { toolUi } from '../../../shared/apps';
import { ResultApp } from '../apps/ResultApp';
import './results.css';

const VIEWS = [
  ['user', 'User', 'view-user'],
  ['assistant', 'Model', 'view-assistant'],
  ['raw', 'Raw', 'view-raw'],
] as const;

/**
 * One call: pending, running (progress, cancel) or finished (its outcome, its blocks in three views, and the tool's own
 * view when it links one).
 */
export function ResultView({ callId, showView = false }: { callId: string; showView?: boolean }) {
  const c = useConsole((s) => s.calls[callId]);
  const tool = useConsole((s) => (c ? toolByName(s.tools[c.serverId], c.tool) : undefined));
  const [view, setView] = useState<Audience | 'raw'>('user');
  const [showLow, setShowLow] = useState(false);
  if (!c) return null;
  if (c.state === 'awaiting-approval')
    return (
      <div className="call-card pending" data-testid="call-pending">
        Waiting for your approval of <code>{c.tool}</code>…
      </div>
    );
  if (c.state === 'running') return <RunningCall c={c} />;
  const status = c.outcome ?? 'protocol-error';
  const content = c.result?.content ?? [];
  const routed = view === 'raw' ? [] : routeContent(content, view);
  const low = routed.filter((b) => b.collapsed);
  return (
    <article
      className={`call-card result status-${status}`}
      data-testid="call-result"
      data-status={status}
      data-call={c.id}
    >
      <ResultHead c={c} status={status} />
      <ResultNotes c={c} status={status} />
      <ResultScanNote call={c} />
      {c.result && (
        <>
          <div className="segmented" role="tablist">
            {VIEWS.map(([v, text, testid]) => (
              <button key={v} role="tab" aria-selected={view === v} onClick={() => setView(v)} data-testid={testid}>
                {text}
              </button>
            ))}
          </div>
          {view === 'raw' ? (
            <pre className="code raw" data-testid="raw-json">
              {rawJson(c.result)}
            </pre>
          ) : (
            <div className="blocks" data-view={view}>
              {routed.length === 0 && (
                <div className="muted small">No block is meant for {view === 'user' ? 'the user' : 'the model'}.</div>
              )}
              {routed
                .filter((b) => !b.collapsed)
                .map((b) => (
                  <ContentBlockView key={b.index} routed={b} serverId={c.serverId} />
                ))}
              {low.length > 0 && (
                <>
                  <button className="link small" onClick={() => setShowLow(!showLow)} data-testid="toggle-low-priority">
                    {showLow ? 'Hide' : 'Show'} {low.length} low-priority block{low.length === 1 ? '' : 's'}
                  </button>
                  {showLow && low.map((b) => <ContentBlockView key={b.index} routed={b} serverId={c.serverId} />)}
                </>
              )}
            </div>
          )}
          {c.result.structuredContent !== undefined && (
            <StructuredView value={c.result.structuredContent} check={c.structured} />
          )}
        </>
      )}
      {tool && toolUi(tool).resourceUri && (status === 'ok' || status === 'tool-error' || status === 'cancelled') && (
        <ResultApp
          tool={tool}
          argsJson={c.argsJson}
          result={c.result}
          cancelled={status === 'cancelled' ? (c.reason ?? 'cancelled') : undefined}
          open={showView}
        />
      )}
    </article>
  );
}

function label(status: string): string {
  return (
    {
      ok: 'OK',
      'tool-error': 'Tool error',
      'protocol-error': 'Protocol error',
      denied: 'Denied',
      cancelled: 'Cancelled',
      timeout: 'Timed out',
    }[status] ?? status
  );
}

const RAW_LIMIT = 2_000_000;
function rawJson(v: unknown): string {
  const text = JSON.stringify(v, null, 2);
  return text.length > RAW_LIMIT
    ? `${text.slice(0, RAW_LIMIT)}\n… cut here: ${count(text.length)} characters in all`
    : text;
}

/** Why a call ended as it did, the error the server gave, and a result released from memory. */
function ResultNotes({ c, status }: { c: CallRecord; status: string }) {
  return (
    <>
      {c.reason && status !== 'ok' && (
        <div className="small">
          <SafeText text={c.reason} />
        </div>
      )}
      {c.error && (
        <div className="error small" data-testid="call-error">
          {typeof c.error.code === 'number' ? `error ${c.error.code}: ` : `${c.error.code}: `}
          <SafeText text={c.error.message} />
        </div>
      )}
      {c.resultReleased && (
        <div className="small muted" data-testid="result-released">
          This result was released from memory to keep the session's results within their budget; its summary is in the
          audit log.
        </div>
      )}
    </>
  );
}

/** The outcome, the tool, who decided (and by which rule), how long it took, and Save to collection. */
function ResultHead({ c, status }: { c: CallRecord; status: string }) {
  return (
    <header className="row gap">
      <strong>{label(status)}</strong>
      <code>{c.tool}</code>
      <span className="muted small">
        {c.decidedBy ? `by ${c.decidedBy}${c.rule ? ` (rule ${c.rule.id})` : ''}` : ''}
        {c.durationMs !== undefined ? ` · ${c.durationMs.toFixed(0)} ms` : ''}
      </span>
      <span className="spacer" />
      {(status === 'ok' || status === 'tool-error' || status === 'protocol-error') && (
        <SaveToCollection callId={c.id} tool={c.tool} />
      )}
    </header>
  );
}

/** A call under way: cancel it, its task's status, its progress. */
function RunningCall({ c }: { c: CallRecord }) {
  const api = useApi();
  const p = c.progress;
  return (
    <div className="call-card running" data-testid="call-progress">
      <div className="row gap">
        <span>
          Running <code>{c.tool}</code>…
        </span>
        <span className="spacer" />
        <button onClick={() => api.request('calls.cancel', { callId: c.id })} data-testid="cancel-call">
          Cancel
        </button>
      </div>
      {c.task && (
        <div className="small" data-testid="call-task" data-status={c.task.status ?? 'submitted'}>
          task {c.task.taskId ? <code>{c.task.taskId.slice(0, 12)}</code> : ''} {c.task.status ?? 'being created'}
          {c.task.statusMessage && (
            <>
              : <SafeText text={c.task.statusMessage} />
            </>
          )}
        </div>
      )}
      <div className="row gap">
        {p && p.total ? (
          <progress value={p.progress} max={p.total} aria-label="Progress" />
        ) : (
          <progress aria-label="Progress" />
        )}
        {p && (
          <span className="small muted progress-count" data-testid="progress-count">
            {p.total ? `${count(p.progress)} of ${count(p.total)}` : `${count(p.progress)} so far`}
          </span>
        )}
      </div>
      {p?.message && (
        <div className="small">
          <SafeText text={p.message} />
        </div>
      )}
    </div>
  );
}
