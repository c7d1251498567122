import type { EventPayload } from '../../../shared/contract';
import type { CallRecord } from '../../../shared/schemas/call';
import { compareText } from '../../../shared/plain-format';
import type { Slice } from '../../store/slice';

/** Calls the page remembers (the core keeps as many). */
const CALLS_KEEP = 500;

/** Calls from request to outcome, newest first. */
export interface CallsSlice {
  calls: Record<string, CallRecord>;
  callOrder: string[];
  callsLoaded(calls: CallRecord[]): void;
  callUpdated(c: CallRecord): void;
  callProgress(p: EventPayload<'call.progress'>): void;
}

export const callsSlice: Slice<CallsSlice> = (set) => ({
  calls: {},
  callOrder: [],
  callsLoaded: (calls) => {
    const sorted = [...calls].sort((a, b) => compareText(b.requestedAt, a.requestedAt));
    set({ calls: Object.fromEntries(calls.map((c) => [c.id, c])), callOrder: sorted.map((c) => c.id) });
  },
  callUpdated: (c) =>
    set((s) => {
      if (s.callOrder.includes(c.id)) return { calls: { ...s.calls, [c.id]: c } };
      const callOrder = [c.id, ...s.callOrder];
      const calls = { ...s.calls, [c.id]: c };
      for (const old of callOrder.splice(CALLS_KEEP)) delete calls[old];
      return { calls, callOrder };
    }),
  callProgress: ({ callId, progress }) =>
    set((s) => {
      const c = s.calls[callId];
      return c ? { calls: { ...s.calls, [callId]: { ...c, progress } } } : {};
    }),
});
