import type { ComponentProps } from 'react';
import { Deferred } from '../../components/Deferred';
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
    <Deferred what="form" loading="loading the form…">
      <Lazy {...props} />
    </Deferred>
  );
}
