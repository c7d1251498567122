import { lazy, Suspense, type ComponentProps } from 'react';
import type { SchemaForm as EagerSchemaForm } from './SchemaForm';

const load = () => import('./SchemaForm');
const Lazy = lazy(() => load().then((m) => ({ default: m.SchemaForm })));

/**
 * The form generated from a schema (rjsf, the page's largest library), in its own script: loaded
 * once the page has started and the browser is idle (see preloadSchemaForm), or when a form is first
 * shown, whichever comes first. The page's start stays one short task.
 */
export function SchemaForm(props: ComponentProps<typeof EagerSchemaForm>) {
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          loading the form…
        </p>
      }
    >
      <Lazy {...props} />
    </Suspense>
  );
}

/** Fetches the form's script when the browser is next idle, so that the first form (a call, an elicitation) shows at once. */
export function preloadSchemaForm(): void {
  const later = (globalThis as { requestIdleCallback?: (f: () => void) => void }).requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200));
  later(() => void load().catch(() => {}));
}
