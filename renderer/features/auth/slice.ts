import type { AuthPrompt, AuthView } from '../../../shared/schemas/auth';
import type { Slice } from '../../store/slice';

/** Sign-ins waiting for the person, and each server's authorization as last told (never a token). */
export interface AuthSlice {
  signIns: AuthPrompt[];
  signInsLoaded(list: AuthPrompt[]): void;
  signInRequested(p: AuthPrompt): void;
  signInClosed(id: string): void;
  authViews: Record<string, AuthView>;
  authUpdated(v: AuthView): void;
}

export const authSlice: Slice<AuthSlice> = (set) => ({
  signIns: [],
  signInsLoaded: (list) => set({ signIns: list }),
  signInRequested: (p) => set((s) => ({ signIns: [...s.signIns.filter((x) => x.id !== p.id), p] })),
  signInClosed: (id) => set((s) => ({ signIns: s.signIns.filter((x) => x.id !== id) })),
  authViews: {},
  authUpdated: (v) => set((s) => ({ authViews: { ...s.authViews, [v.serverId]: v } })),
});
