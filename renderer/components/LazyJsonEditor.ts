import { lazy } from 'react';
import type * as JsonEditorModule from './JsonEditor';

/** A turn of the event loop: what follows runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The JSON editor, loaded when first shown. Monaco is about 4 MB of script, and run in one go it
 * held the page's main thread for 110–140 ms: it is fetched as three scripts, each run in a task of
 * its own — the editor's core, its contributions (which must be in before the first editor is made:
 * see monaco-setup.ts), then the JSON language and our component — and the editor's services are
 * made in a task before the editor itself.
 */
export async function loadJsonEditor(): Promise<typeof JsonEditorModule> {
  await import('monaco-editor/editor');
  await nextTask();
  await import('monaco-editor/features/register.all');
  await nextTask();
  const editor = await import('./JsonEditor');
  await nextTask();
  editor.warmEditorServices();
  await nextTask();
  return editor;
}

export const JsonEditor = lazy(loadJsonEditor);
