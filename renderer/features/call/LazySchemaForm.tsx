import { Suspense, type ComponentProps } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { lazyView } from '../../components/lazy-view';
import type { SchemaForm as EagerSchemaForm } from './SchemaForm';

const Lazy = lazyView(() => import('./SchemaForm').then((m) => m.SchemaForm));

/**
 * The form generated from a schema (rjsf, the page's largest library), in its own script: loaded
 * once the page has started and the browser is idle (preloadViews), or when a form is first shown,
 * whichever comes first. The page's start stays one short task.
 */
export function SchemaForm(props: ComponentProps<typeof EagerSchemaForm>) {
  return (
    <ErrorBoundary what="form">
      <Suspense
        fallback={
          <p className="muted" role="status">
            loading the form…
          </p>
        }
      >
        <Lazy {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
