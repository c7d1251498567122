import type { Approval } from '../../../shared/schemas/call';
import type { Slice } from '../../store/slice';
import { isMe } from '../team/team-store';

/**
 * The approvals waiting for the person, oldest first, and how the person is going through them: the
 * one opened (in the dialog), the ones put aside for later (they wait in the queue, the console stays
 * usable), and whether the queue panel is shown.
 */
export interface ApprovalsSlice {
  approvals: Approval[];
  /** The approval the person opened from the queue; null: the oldest not put aside. */
  approvalChosen: string | null;
  /** Approvals put aside: not opened by themselves, still waiting in the queue. */
  approvalsAside: ReadonlySet<string>;
  queueShown: boolean;
  /**
   * An approval this page had open (in the dialog) that someone else decided first (a team service): the page says
   * whose decision it was instead of closing the dialog without a word. Cleared when the person dismisses it.
   */
  approvalTaken: { id: string; text: string } | null;
  approvalTakenBy(id: string, text: string): void;
  approvalTakenSeen(): void;
  /**
   * Whether every arriving call opens the dialog by itself (a setting, kept in this browser). Off: only the person's
   * own calls from this page open it; an agent's or the command line's waits in the queue until the person opens it.
   */
  callsOpenThemselves: boolean;
  callsOpenThemselvesSet(on: boolean): void;
  approvalsLoaded(approvals: Approval[]): void;
  approvalRequested(a: Approval): void;
  /** One more approval of a call that needs several people: the same place in the queue, its votes shown. */
  approvalVoted(a: Approval): void;
  approvalResolved(a: Approval): void;
  approvalOpened(id: string): void;
  approvalsPutAside(ids: string[]): void;
  queueToggled(shown?: boolean): void;
}

/** Where the setting is kept (this browser's storage for the console's origin). */
export const OPEN_THEMSELVES_KEY = 'mcp-console.calls-open-themselves';

const storedOpenThemselves = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(OPEN_THEMSELVES_KEY) === 'yes';
  } catch {
    return false;
  }
};

/**
 * A call the person asked for in this page (a tool's Call, a view's button, a collection's Run): its dialog opens. On a
 * team service another person's call from their page waits in the queue like an agent's.
 */
export const askedHere = (a: Approval): boolean =>
  a.requestedBy.kind === 'console' ? isMe(a.requestedBy.person) : ['view', 'collection'].includes(a.requestedBy.kind);

/** The arriving approvals that wait in the queue rather than open the dialog. */
const waitAside = (aside: ReadonlySet<string>, arriving: Approval[], all: boolean): ReadonlySet<string> =>
  all ? aside : new Set([...aside, ...arriving.filter((a) => !askedHere(a)).map((a) => a.id)]);

/** What the page says of a call someone else decided while it was open here. */
const takenText = (a: Approval) =>
  `The call of ${a.tool} was ${a.status} by ${a.decider?.name ?? 'someone else'}` +
  `${a.decider ? ` (${a.decider.subject})` : ''} while it was open here.`;

export const approvalsSlice: Slice<ApprovalsSlice> = (set) => ({
  approvals: [],
  approvalChosen: null,
  approvalsAside: new Set(),
  queueShown: false,
  approvalTaken: null,
  approvalTakenBy: (id, text) => set({ approvalTaken: { id, text } }),
  approvalTakenSeen: () => set({ approvalTaken: null }),
  callsOpenThemselves: storedOpenThemselves(),
  callsOpenThemselvesSet: (on) => {
    try {
      globalThis.localStorage?.setItem(OPEN_THEMSELVES_KEY, on ? 'yes' : 'no');
    } catch {
      /* kept for this page only */
    }
    set({ callsOpenThemselves: on });
  },
  approvalsLoaded: (loaded) =>
    set((s) => {
      const approvals = loaded.filter((a) => a.status === 'pending');
      return { approvals, approvalsAside: waitAside(s.approvalsAside, approvals, s.callsOpenThemselves) };
    }),
  approvalRequested: (a) =>
    set((s) => ({
      approvals: [...s.approvals.filter((x) => x.id !== a.id), a],
      // A call asked for again (its tool changed) keeps its place: aside if it was.
      approvalsAside: s.approvals.some((x) => x.id === a.replaces && s.approvalsAside.has(x.id))
        ? new Set([...s.approvalsAside, a.id])
        : waitAside(s.approvalsAside, [a], s.callsOpenThemselves),
    })),
  approvalVoted: (a) => set((s) => ({ approvals: s.approvals.map((x) => (x.id === a.id ? a : x)) })),
  approvalResolved: (a) =>
    set((s) => {
      const aside = new Set(s.approvalsAside);
      aside.delete(a.id);
      const approvals = s.approvals.filter((x) => x.id !== a.id);
      // The queue closes when the last call in it is decided; the next one opens the dialog alone.
      const open = approvalInFocus(s)?.id === a.id;
      const byOther = a.decider !== undefined && !isMe(a.decider);
      return {
        approvals,
        ...(open && byOther && { approvalTaken: { id: a.id, text: takenText(a) } }),
        approvalsAside: aside,
        approvalChosen: s.approvalChosen === a.id ? null : s.approvalChosen,
        queueShown: s.queueShown && approvals.length > 0,
      };
    }),
  approvalOpened: (id) =>
    set((s) => {
      const aside = new Set(s.approvalsAside);
      aside.delete(id);
      return { approvalChosen: id, approvalsAside: aside };
    }),
  approvalsPutAside: (ids) =>
    set((s) => ({
      approvalsAside: new Set([...s.approvalsAside, ...ids]),
      approvalChosen: s.approvalChosen !== null && ids.includes(s.approvalChosen) ? null : s.approvalChosen,
    })),
  queueToggled: (shown) => set((s) => ({ queueShown: shown ?? !s.queueShown })),
});

/** The approval in the dialog: the one the person opened, else the oldest not put aside; none when all wait aside. */
export function approvalInFocus(
  s: Pick<ApprovalsSlice, 'approvals' | 'approvalChosen' | 'approvalsAside'>,
): Approval | undefined {
  const chosen = s.approvalChosen === null ? undefined : s.approvals.find((a) => a.id === s.approvalChosen);
  return chosen ?? s.approvals.find((a) => !s.approvalsAside.has(a.id));
}
