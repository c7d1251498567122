import * as monaco from 'monaco-editor/editor';
// Every editor contribution (suggestions, hover, find, folding…) and the services they need, before
// the first editor is made. monaco-editor/editor is the bare API: the contributions came only with
// the JSON mode's chunk, loaded once the first editor was up, so that editor had no suggestions and
// every later one failed to make its contributions ("depends on UNKNOWN service ISuggestMemories").
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { loader } from '@monaco-editor/react';

// Monaco from the bundle, never from a CDN; its workers are bundled too.
(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};
loader.config({ monaco });

const schemas = new Map<string, unknown>();

/** Lets the JSON editor for `modelUri` validate against `schema` (schemas are never fetched from the network). */
export function setEditorSchema(modelUri: string, schema: unknown | undefined): void {
  if (schema === undefined) schemas.delete(modelUri);
  else schemas.set(modelUri, schema);
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    enableSchemaRequest: false,
    schemas: [...schemas].map(([uri, s], i) => ({ uri: `inmemory://schema/${i}`, fileMatch: [uri], schema: s })),
  });
}

export { monaco };

/**
 * Makes Monaco's services (the first call into its API does), so that the first editor is made in
 * a task of its own after them.
 */
export function warmEditorServices(): void {
  monaco.editor.getModels();
}
