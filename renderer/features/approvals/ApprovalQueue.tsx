import { useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { describeRequester, requesterKey } from '../../../shared/requester-text';
import type { Approval } from '../../../shared/schemas/call';
import { useApi } from '../../api/context';
import { RiskBadge } from '../../components/Badges';
import { SafeText } from '../../components/SafeText';
import { clockTime } from '../../components/format';
import { approvalInFocus } from './slice';
import { useConsole } from '../../store/store';
import './approvals.css';

interface Group {
  key: string;
  who: string;
  serverId: string;
  items: Approval[];
}

/** The queue by who asks and which server, groups in the order their oldest call came, oldest first inside. */
export function queueGroups(approvals: Approval[]): Group[] {
  const groups = new Map<string, Group>();
  for (const a of approvals) {
    const key = `${requesterKey(a.requestedBy)}\u0000${a.serverId}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, who: describeRequester(a.requestedBy), serverId: a.serverId, items: [] }));
    g.items.push(a);
  }
  return [...groups.values()];
}

/** Arrow keys move between the queue's items; Escape closes the panel. */
function onQueueKey(e: KeyboardEvent<HTMLElement>, close: () => void) {
  if (e.key === 'Escape') {
    e.stopPropagation();
    close();
    return;
  }
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const opens = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[data-testid=approval-open]')];
  const at = opens.findIndex((b) => b.closest('li')?.contains(document.activeElement));
  const next = opens[Math.min(opens.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
  if (!next) return;
  e.preventDefault();
  next.focus();
}

/**
 * Every call waiting for the person, reachable from every tab (the badge in the top bar), shown beside
 * the dialog while more than one waits: any of them can be opened, denied, or put aside so that the
 * console stays usable while they wait; several can be denied at once.
 */
// eslint-disable-next-line max-lines-per-function -- over 80 lines from before the limit was 80: to be split into views of its parts
export function ApprovalQueue() {
  const api = useApi();
  const approvals = useConsole(useShallow((s) => s.approvals));
  const aside = useConsole((s) => s.approvalsAside);
  const chosen = useConsole((s) => s.approvalChosen);
  const shown = useConsole((s) => s.queueShown);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const focus = approvalInFocus({ approvals, approvalChosen: chosen, approvalsAside: aside });
  if (approvals.length === 0 || !(shown || (focus && approvals.length > 1))) return null;
  const picked = approvals.filter((a) => selected.has(a.id));
  const store = useConsole.getState();
  const deny = (list: Approval[]) => {
    setError(null);
    for (const a of list)
      api
        .request('approvals.decide', {
          approvalId: a.id,
          decision: 'deny',
          argsHash: a.argsHash,
          scope: 'once',
          reason: list.length > 1 ? `denied with ${list.length - 1} more from the queue` : 'denied from the queue',
        })
        .catch((e: Error) => setError(e.message));
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <aside
      className="approval-queue"
      data-testid="approval-queue"
      data-beside-dialog
      aria-label="Calls waiting for approval"
      onKeyDown={(e) => onQueueKey(e, () => store.queueToggled(false))}
    >
      <div className="panel-head">
        <h2>Waiting for you · {approvals.length}</h2>
        <button onClick={() => store.queueToggled(false)} data-testid="approval-queue-close" aria-label="Close the queue" hidden={!!focus}>
          ✕
        </button>
      </div>
      <div className="row gap small queue-actions">
        <button
          onClick={() => setSelected(picked.length === approvals.length ? new Set() : new Set(approvals.map((a) => a.id)))}
          data-testid="approval-select-all"
        >
          {picked.length === approvals.length ? 'Select none' : 'Select all'}
        </button>
        <button className="danger" disabled={picked.length === 0} onClick={() => deny(picked)} data-testid="approval-deny-selected">
          Deny {picked.length || ''} selected
        </button>
        <button
          onClick={() => store.approvalsPutAside(approvals.map((a) => a.id))}
          data-testid="approval-aside-all"
          title="Close the dialog; every call keeps waiting here"
        >
          Put all aside
        </button>
      </div>
      {error && (
        <div className="error small" role="alert">
          <SafeText text={error} />
        </div>
      )}
      {queueGroups(approvals).map((g) => (
        <section key={g.key} className="queue-group" data-testid="approval-group">
          <h3 className="small">
            <SafeText text={g.who} /> → <SafeText text={g.serverId} />
          </h3>
          <ul className="plain">
            {g.items.map((a) => (
              <li
                key={a.id}
                className={`queue-item ${a.id === focus?.id ? 'focused' : ''}`}
                data-testid="approval-item"
                data-call-id={a.callId}
                data-agent={a.requestedBy.kind === 'agent' ? a.requestedBy.name : ''}
                data-server={a.serverId}
                data-tool={a.tool}
                data-aside={aside.has(a.id)}
                aria-current={a.id === focus?.id}
              >
                <input
                  type="checkbox"
                  checked={selected.has(a.id)}
                  onChange={() => toggle(a.id)}
                  data-testid="approval-select"
                  aria-label={`Select ${a.tool}`}
                />
                <button className="link queue-open" onClick={() => store.approvalOpened(a.id)} data-testid="approval-open">
                  <code>
                    <SafeText text={a.tool} />
                  </code>
                </button>
                <RiskBadge risk={a.risk} />
                {/* The start of what would be sent: calls of one tool told apart at a glance (the dialog shows it whole). */}
                <span className="mono small queue-args" data-testid="approval-item-args">
                  <SafeText text={a.argsJson.length > 120 ? `${a.argsJson.slice(0, 120)}…` : a.argsJson} />
                </span>
                <span className="small muted">
                  since {clockTime(Date.parse(a.createdAt))} · expires {clockTime(Date.parse(a.expiresAt))}
                  {aside.has(a.id) && ' · put aside'}
                </span>
                <button className="danger small" onClick={() => deny([a])} data-testid="approval-deny-item">
                  Deny
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
