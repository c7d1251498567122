import * as monaco from 'monaco-editor/editor';
// Every editor contribution (suggestions, hover, find, folding…) and the services they need, before
// the first editor is made. monaco-editor/editor is the bare API: the contributions came only with
// the JSON mode's chunk, loaded once the first editor was up, so that editor had no suggestions and
// every later one failed to make its contributions ("depends on UNKNOWN service ISuggestMemories").
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
// The languages an embedded resource's text is highlighted in (EmbeddedResourceView.tsx): each only
// names itself here, its tokenizer a script of a few kilobytes fetched when a resource first asks.
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/markdown/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/shell/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/xml/register';
import 'monaco-editor/languages/definitions/yaml/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { FontMeasurements } from 'monaco-editor/editor/browser/config/fontMeasurements';
import { createBareFontInfoFromRawSettings } from 'monaco-editor/editor/common/config/fontInfoFromSettings';
import { PixelRatio } from 'monaco-editor/base/browser/pixelRatio';
import { AmbiguousCharacters } from 'monaco-editor/base/common/strings';

// Monaco from the bundle, never from a CDN; its workers are bundled too.
(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

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

/** The font size every editor of ours is made with (JsonEditor.tsx). */
export const EDITOR_FONT_SIZE = 13;

/**
 * What the page's first editor would otherwise do in the task that makes it, each step run in a task
 * of its own before it (LazyJsonEditor.ts). Made in one task, that editor held the main thread for
 * 52–59 ms; these steps take it to 25–30.
 */
export const warmSteps: readonly (() => void)[] = [
  // Monaco's services: the first call into its API makes them.
  () => monaco.editor.getModels(),
  // The font measured (about 10 ms of DOM work) and cached by its settings, which must be the editor's.
  () =>
    FontMeasurements.readFontInfo(
      window,
      createBareFontInfoFromRawSettings({ fontSize: EDITOR_FONT_SIZE }, PixelRatio.getInstance(window).value),
    ),
  // The table of look-alike characters the unicode highlighter reads (12–15 ms to parse), which
  // Monaco otherwise reads while it makes the rest of the editor's contributions when idle.
  () => AmbiguousCharacters.ambiguousCharacterData.value,
  // The highlighter also asks Intl for the system's locale; the first NumberFormat of the page loads
  // ICU's data for it (11–26 ms, in the task that made the editor's contributions).
  // eslint-disable-next-line no-restricted-syntax -- Monaco's own first use of Intl, out of its task
  () => new Intl.NumberFormat().resolvedOptions(),
];
