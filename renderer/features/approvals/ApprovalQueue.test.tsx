// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../../shared/schemas/call';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import { useConsole } from '../../store/store';
import { ApprovalDialog } from './ApprovalDialog';
import { ApprovalQueue, queueGroups } from './ApprovalQueue';
import { approvalInFocus, OPEN_THEMSELVES_KEY } from './slice';

const at = Date.parse('2026-11-25T10:00:00Z');
const approval = (id: string, over: Partial<Approval> = {}): Approval => ({
  id,
  callId: `call-${id}`,
  serverId: 'fx',
  serverIdentity: 'i'.repeat(64),
  tool: `tool_${id}`,
  requestedBy: { kind: 'console' },
  argsJson: '{}',
  argsHash: `${id}`.padEnd(64, 'h'),
  fingerprint: 'f'.repeat(64),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  trusted: false,
  risk: { level: 'destructive', openWorld: true, trusted: false, reasons: [] },
  validationErrors: [],
  status: 'pending',
  createdAt: new Date(at).toISOString(),
  expiresAt: new Date(at + 600_000).toISOString(),
  ...over,
});

const claude = { kind: 'agent' as const, name: 'claude' };
const cursor = { kind: 'agent' as const, name: 'cursor' };

describe('the approval queue', () => {
  let request: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    request = vi.fn(async () => ({}));
    useConsole.setState({
      approvals: [
        approval('a', { requestedBy: claude }),
        approval('b', { requestedBy: cursor, serverId: 'gh' }),
        approval('c', { requestedBy: claude }),
      ],
      approvalChosen: null,
      approvalsAside: new Set(),
      queueShown: false,
    });
    render(
      <ApiContext.Provider value={{ request } as unknown as ConsoleApi}>
        <ApprovalDialog />
        <ApprovalQueue />
      </ApiContext.Provider>,
    );
  });
  afterEach(cleanup);

  it('groups by who asks and which server, oldest first, and names each item for scripts', () => {
    expect(
      queueGroups(useConsole.getState().approvals).map((g) => [g.who, g.serverId, g.items.map((a) => a.id)]),
    ).toEqual([
      ['agent "claude"', 'fx', ['a', 'c']],
      ['agent "cursor"', 'gh', ['b']],
    ]);
    const items = screen.getAllByTestId('approval-item');
    expect(items.map((i) => [i.dataset.callId, i.dataset.agent, i.dataset.server, i.dataset.tool])).toEqual([
      ['call-a', 'claude', 'fx', 'tool_a'],
      ['call-c', 'claude', 'fx', 'tool_c'],
      ['call-b', 'cursor', 'gh', 'tool_b'],
    ]);
  });

  it('opens any item in the dialog, and Later puts it aside so the next one shows', () => {
    expect(screen.getByTestId('approval-dialog').dataset.tool).toBe('tool_a');
    fireEvent.click(within(screen.getAllByTestId('approval-item')[2]!).getByTestId('approval-open'));
    expect(screen.getByTestId('approval-dialog').dataset.tool).toBe('tool_b');
    expect(screen.getByTestId('approval-position').textContent).toBe('2 of 3 waiting');
    fireEvent.click(screen.getByTestId('approval-later'));
    // b waits aside; the oldest not aside (a) is in focus.
    expect(screen.getByTestId('approval-dialog').dataset.tool).toBe('tool_a');
    expect(screen.getAllByTestId('approval-item').find((i) => i.dataset.tool === 'tool_b')!.dataset.aside).toBe('true');
    fireEvent.click(screen.getByTestId('approval-aside-all'));
    // Every call waits aside: no dialog, the console is usable, the queue stays until it is closed.
    expect(screen.queryByTestId('approval-dialog')).toBeNull();
    expect(useConsole.getState().approvals).toHaveLength(3);
    expect(request).not.toHaveBeenCalled();
  });

  it('denies several at once, each with its own exact args hash, and nothing else', async () => {
    const items = screen.getAllByTestId('approval-item');
    fireEvent.click(within(items[0]!).getByTestId('approval-select'));
    fireEvent.click(within(items[2]!).getByTestId('approval-select'));
    await act(async () => void fireEvent.click(screen.getByTestId('approval-deny-selected')));
    expect(request.mock.calls.map((c) => [c[0], c[1].approvalId, c[1].decision, c[1].argsHash])).toEqual([
      ['approvals.decide', 'a', 'deny', 'a'.padEnd(64, 'h')],
      ['approvals.decide', 'b', 'deny', 'b'.padEnd(64, 'h')],
    ]);
  });

  it('moves between items with the arrow keys', () => {
    const opens = screen.getAllByTestId('approval-open');
    opens[0]!.focus();
    fireEvent.keyDown(opens[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(opens[1]);
    fireEvent.keyDown(opens[1]!, { key: 'ArrowDown' });
    fireEvent.keyDown(opens[2]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(opens[2]);
    fireEvent.keyDown(opens[2]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(opens[1]);
  });

  it('forgets a decided call, and an aside one that was decided elsewhere', () => {
    act(() => useConsole.getState().approvalsPutAside(['a']));
    act(() => useConsole.getState().approvalResolved(approval('a')));
    expect(useConsole.getState().approvalsAside.has('a')).toBe(false);
    expect(screen.getAllByTestId('approval-item').map((i) => i.dataset.tool)).toEqual(['tool_b', 'tool_c']);
  });
});

describe('an arriving call', () => {
  afterEach(() => localStorage.clear());
  const arrive = (on: boolean) => {
    useConsole.setState({ approvals: [], approvalChosen: null, approvalsAside: new Set() });
    useConsole.getState().callsOpenThemselvesSet(on);
    for (const a of [
      approval('own'),
      approval('agent', { requestedBy: claude }),
      approval('cli', { requestedBy: { kind: 'cli' } }),
    ])
      useConsole.getState().approvalRequested(a);
    return useConsole.getState();
  };

  it("waits in the queue when an agent or the command line asks; the person's own opens the dialog", () => {
    const s = arrive(false);
    expect([...s.approvalsAside].sort()).toEqual(['agent', 'cli']);
    expect(approvalInFocus(s)?.id).toBe('own');
    s.approvalResolved(s.approvals[0]!);
    expect(approvalInFocus(useConsole.getState())).toBeUndefined();
    expect(localStorage.getItem(OPEN_THEMSELVES_KEY)).toBe('no');
  });

  it('opens the dialog by itself under the setting, which this browser keeps', () => {
    const s = arrive(true);
    expect(s.approvalsAside.size).toBe(0);
    expect(approvalInFocus(s)?.id).toBe('own');
    expect(localStorage.getItem(OPEN_THEMSELVES_KEY)).toBe('yes');
  });

  it('keeps a call put aside there when it is asked again (its tool changed)', () => {
    const s = arrive(true);
    s.approvalsPutAside(['agent']);
    s.approvalRequested(approval('again', { requestedBy: claude, replaces: 'agent' }));
    expect(useConsole.getState().approvalsAside.has('again')).toBe(true);
  });
});
