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
import { mayDecideHere, useTeam } from '../team/team-store';
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
  const row: ItemState = { focus, aside, selected, toggle, deny };
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
        <button
          onClick={() => store.queueToggled(false)}
          data-testid="approval-queue-close"
          aria-label="Close the queue"
          hidden={!!focus}
        >
          ✕
        </button>
      </div>
      <QueueActions approvals={approvals} picked={picked} setSelected={setSelected} deny={deny} />
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
              <QueueItem key={a.id} a={a} row={row} />
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}

/** One waiting call in the queue: select it, open it, or deny it; what it would send, begun. */
function QueueItem({ a, row }: { a: Approval; row: ItemState }) {
  const { focus, aside, selected, toggle, deny } = row;
  const store = useConsole.getState();
  // A team's auditor reads the queue: no control that decides.
  const decides = useTeam(mayDecideHere);
  return (
    <li
      key={a.id}
      className={`queue-item ${a.id === focus?.id ? 'focused' : ''}`}
      data-testid="approval-item"
      data-call-id={a.callId}
      data-agent={a.requestedBy.kind === 'agent' ? a.requestedBy.name : ''}
      data-requester={a.requestedBy.kind === 'agent' ? (a.requestedBy.owner?.subject ?? '') : ''}
      data-needs={a.rule?.terms?.quorum ?? 1}
      data-given={a.votes?.length ?? 0}
      data-server={a.serverId}
      data-tool={a.tool}
      data-aside={aside.has(a.id)}
      aria-current={a.id === focus?.id}
    >
      {decides && (
        <input
          type="checkbox"
          checked={selected.has(a.id)}
          onChange={() => toggle(a.id)}
          data-testid="approval-select"
          aria-label={`Select ${a.tool}`}
        />
      )}
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
        {a.heldBy && (
          <span data-testid="approval-held-by" data-instance={a.heldBy}>
            {' · on instance '}
            <SafeText text={a.heldBy} />
          </span>
        )}
        {aside.has(a.id) && ' · put aside'}
      </span>
      {decides && (
        <button className="danger small" onClick={() => deny([a])} data-testid="approval-deny-item">
          Deny
        </button>
      )}
    </li>
  );
}

/**
 * What a queue item reads of the queue: which call is in focus, put aside or selected, and how to toggle or deny one.
 */
interface ItemState {
  focus: Approval | undefined;
  aside: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  deny: (list: Approval[]) => void;
}

/** The queue's calls, the ones picked, and how to pick and deny them. */
interface ManyProps {
  approvals: Approval[];
  picked: Approval[];
  setSelected: (s: ReadonlySet<string>) => void;
  deny: (list: Approval[]) => void;
}

/** Select all or none, deny the selected calls, or put every call aside. */
function QueueActions(p: ManyProps) {
  const store = useConsole.getState();
  const decides = useTeam(mayDecideHere);
  return (
    <div className="row gap small queue-actions">
      {decides && <DenyMany {...p} />}
      <button
        onClick={() => store.approvalsPutAside(p.approvals.map((a) => a.id))}
        data-testid="approval-aside-all"
        title="Close the dialog; every call keeps waiting here"
      >
        Put all aside
      </button>
    </div>
  );
}

/** Select all or none, and deny the selected calls (only for someone who decides). */
function DenyMany({ approvals, picked, setSelected, deny }: ManyProps) {
  return (
    <>
      <button
        onClick={() =>
          setSelected(picked.length === approvals.length ? new Set() : new Set(approvals.map((a) => a.id)))
        }
        data-testid="approval-select-all"
      >
        {picked.length === approvals.length ? 'Select none' : 'Select all'}
      </button>
      <button
        className="danger"
        disabled={picked.length === 0}
        onClick={() => deny(picked)}
        data-testid="approval-deny-selected"
      >
        Deny {picked.length || ''} selected
      </button>
    </>
  );
}
