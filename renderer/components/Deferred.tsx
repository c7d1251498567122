import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

/** A view whose script may still be loading (lazy-view.ts): says so meanwhile, and says why if it cannot be shown. */
export function Deferred({ what, loading, children }: { what: string; loading: string; children: ReactNode }) {
  return (
    <ErrorBoundary what={what}>
      <Suspense
        fallback={
          <p className="muted" role="status">
            {loading}
          </p>
        }
      >
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}
