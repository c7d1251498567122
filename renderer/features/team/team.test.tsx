// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../../shared/schemas/call';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import { useConsole } from '../../store/store';
import { ApprovalDialog } from '../approvals/ApprovalDialog';
import { ApprovalQueue } from '../approvals/ApprovalQueue';
import { ServersPanel } from '../servers/ServersPanel';
import { pendingApproval } from '../../test-support/records';
import { askedHere } from '../approvals/slice';
import { isMe, personLoaded, takeWantedApproval, wantedApproval } from './team-store';

const alice = { subject: 'alice', name: 'Alice' };
const approval = (over: Partial<Approval> = {}): Approval =>
  pendingApproval({
    tool: 'pay',
    requestedBy: { kind: 'agent', name: 'ci', owner: { subject: 'erin', name: 'Erin' } },
    argsJson: '{"amount":5}',
    ...over,
  });

function show(a: Approval, request = vi.fn(async () => ({}))) {
  useConsole.setState({ approvals: [a], approvalsAside: new Set(), approvalChosen: null });
  render(
    <ApiContext.Provider value={{ request } as unknown as ConsoleApi}>
      <ApprovalDialog />
    </ApiContext.Provider>,
  );
  return request;
}

describe('the page on a team service', () => {
  afterEach(() => {
    cleanup();
    personLoaded(null);
  });

  it('shows an auditor the call and its exact arguments, with no control that decides; Esc only puts it aside', () => {
    personLoaded({ person: { subject: 'carol', name: 'Carol' }, roles: ['auditor'] });
    const request = show(approval());
    expect(screen.getByTestId('approval-args').textContent).toContain('"amount": 5');
    expect(screen.getByTestId('approval-read-only')).toBeTruthy();
    expect(screen.queryByTestId('approve-once')).toBeNull();
    expect(screen.queryByTestId('deny')).toBeNull();
    expect(screen.getByTestId('approval-requester').textContent).toBe('agent "ci" of Erin');
    fireEvent.keyDown(screen.getByTestId('approval-dialog'), { key: 'Escape' });
    expect(request).not.toHaveBeenCalled();
    expect(useConsole.getState().approvalsAside.has('a1')).toBe(true);
  });

  it('shows an approver who decides and who approved so far', () => {
    personLoaded({ person: alice, roles: ['approver'] });
    const request = show(
      approval({
        rule: {
          id: 'two',
          effect: 'ask',
          reason: 'money',
          source: 'flag',
          path: 'p.json',
          terms: { quorum: 2, notRequester: true, deciders: [] },
        },
        votes: [{ person: { subject: 'bob', name: 'Bob' }, at: new Date().toISOString() }],
      }),
    );
    expect(screen.getByTestId('approve-once')).toBeTruthy();
    expect(screen.getByTestId('approval-terms').textContent).toMatch(
      /2 different people must approve.*not the person who asked.*approved so far by Bob \(1 of 2\)/,
    );
    fireEvent.keyDown(screen.getByTestId('approval-dialog'), { key: 'Escape' });
    expect(request).toHaveBeenCalledWith('approvals.decide', expect.objectContaining({ decision: 'deny' }));
  });

  it("opens by itself only the person's own calls from their page, never a teammate's", () => {
    personLoaded({ person: alice, roles: ['approver'] });
    expect(isMe(alice)).toBe(true);
    expect(askedHere(approval({ requestedBy: { kind: 'console', person: alice } }))).toBe(true);
    expect(askedHere(approval({ requestedBy: { kind: 'console', person: { subject: 'bob', name: 'B' } } }))).toBe(
      false,
    );
    personLoaded(null);
    expect(askedHere(approval({ requestedBy: { kind: 'console' } }))).toBe(true);
  });

  it("gives an auditor's queue no control that decides, and a member's servers panel none that changes servers", () => {
    personLoaded({ person: { subject: 'carol', name: 'Carol' }, roles: ['auditor'] });
    useConsole.setState({ approvals: [approval()], approvalsAside: new Set(['a1']), queueShown: true });
    const api = { request: vi.fn(async () => ({})) } as unknown as ConsoleApi;
    render(
      <ApiContext.Provider value={api}>
        <ApprovalQueue />
        <ServersPanel />
      </ApiContext.Provider>,
    );
    expect(screen.getByTestId('approval-item')).toBeTruthy();
    expect(screen.queryByTestId('approval-deny-item')).toBeNull();
    expect(screen.queryByTestId('approval-select-all')).toBeNull();
    expect(screen.queryByTestId('approval-deny-selected')).toBeNull();
    expect(screen.getByTestId('approval-aside-all')).toBeTruthy();
    expect(screen.queryByTestId('add-server')).toBeNull();
    cleanup();
    personLoaded({ person: { subject: 'olga', name: 'Olga' }, roles: ['admin'] });
    render(
      <ApiContext.Provider value={api}>
        <ServersPanel />
      </ApiContext.Provider>,
    );
    expect(screen.getByTestId('add-server')).toBeTruthy();
  });

  it("takes a webhook's link to one approval once", () => {
    takeWantedApproval('#approval=a7');
    expect(wantedApproval(['a1'])).toBeNull();
    expect(wantedApproval(['a1', 'a7'])).toBe('a7');
    expect(wantedApproval(['a7'])).toBeNull();
  });
  it("says whose decision it was when someone else decides the call open here, and not for one's own", () => {
    personLoaded({ person: alice, roles: ['approver'] });
    const a = approval();
    useConsole.setState({ approvals: [a], approvalsAside: new Set(), approvalChosen: null, approvalTaken: null });
    useConsole.getState().approvalResolved({ ...a, status: 'approved', decider: alice });
    expect(useConsole.getState().approvalTaken).toBeNull();
    useConsole.setState({ approvals: [a], approvalsAside: new Set(), approvalChosen: null });
    useConsole.getState().approvalResolved({ ...a, status: 'denied', decider: { subject: 'bob', name: 'Bob' } });
    expect(useConsole.getState().approvalTaken?.text).toBe(
      'The call of pay was denied by Bob (bob) while it was open here.',
    );
    // One that was not open here (put aside) is not announced.
    useConsole.setState({ approvals: [a], approvalsAside: new Set([a.id]), approvalTaken: null });
    useConsole.getState().approvalResolved({ ...a, status: 'approved', decider: { subject: 'bob', name: 'Bob' } });
    expect(useConsole.getState().approvalTaken).toBeNull();
  });

  it("turns a decision that lost the race into the page's notice, not an error in the next call's dialog", async () => {
    personLoaded({ person: alice, roles: ['approver'] });
    const said = 'approval a1 is already approved by Bob (bob) at 2026-12-04T00:00:00Z; your decision was not applied';
    const { ApiError } = await import('../../api/client');
    show(
      approval(),
      vi.fn(async () => {
        throw new ApiError('already-decided', said);
      }),
    );
    useConsole.setState({ approvalTaken: null });
    fireEvent.click(screen.getByTestId('deny'));
    await vi.waitFor(() => expect(useConsole.getState().approvalTaken).toEqual({ id: 'a1', text: said }));
  });
});
