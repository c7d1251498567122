import { lazy } from 'react';
import type * as JsonEditorModule from './JsonEditor';
import { nextTask } from './next-task';

/**
 * The JSON editor, loaded when first shown. Monaco is about 4 MB of script, and run in one go it
 * held the page's main thread for 110–140 ms. It is fetched as six scripts, each run in a task of
 * its own: the text model, the editor widget (the two were one script of 1.66 MB whose run took
 * 47–61 ms), the rest of the editor's core, the inline completions, the other
 * contributions (which must be in before the first editor is made: see monaco-setup.ts), then the
 * JSON language and our component. The first editor's own making is spread out too: monaco-setup.ts's
 * warm-up steps, each in a task, then the editor in three (JsonEditor.tsx). No task of it reaches
 * 50 ms on this project's two-core host (e2e/bench/README.md, stops 58 and 59).
 */
export async function loadJsonEditor(): Promise<typeof JsonEditorModule> {
  await import('monaco-editor/editor/common/model/textModel');
  await nextTask();
  await import('monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget');
  await nextTask();
  await import('monaco-editor/editor');
  await nextTask();
  await import('monaco-editor/features/inlineCompletions/register');
  await nextTask();
  await import('monaco-editor/features/register.all');
  await nextTask();
  const editor = await import('./JsonEditor');
  await nextTask();
  for (const step of editor.warmSteps) {
    step();
    await nextTask();
  }
  return editor;
}

export const JsonEditor = lazy(loadJsonEditor);
