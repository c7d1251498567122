declare module 'monaco-editor/languages/features/json/register' {
  export const jsonDefaults: {
    setDiagnosticsOptions(options: {
      validate?: boolean;
      allowComments?: boolean;
      enableSchemaRequest?: boolean;
      schemas?: { uri: string; fileMatch?: string[]; schema?: unknown }[];
    }): void;
  };
}
declare module 'monaco-editor/editor/editor.worker?worker' {
  const W: new () => Worker;
  export default W;
}
declare module 'monaco-editor/languages/features/json/json.worker?worker' {
  const W: new () => Worker;
  export default W;
}
// Monaco's own modules that the first editor's warm-up reads (monaco-setup.ts). Not its public API,
// and these declarations only type them: if an upgrade moves one, the bundler fails to resolve the
// import in monaco-setup.ts, so the build fails rather than the warm-up silently doing nothing.
declare module 'monaco-editor/editor/browser/config/fontMeasurements' {
  export const FontMeasurements: { readFontInfo(targetWindow: Window, bareFontInfo: unknown): unknown };
}
declare module 'monaco-editor/editor/common/config/fontInfoFromSettings' {
  export function createBareFontInfoFromRawSettings(
    options: { fontSize?: number },
    pixelRatio: number,
    ignoreEditorZoom?: boolean,
  ): unknown;
}
declare module 'monaco-editor/base/browser/pixelRatio' {
  export const PixelRatio: { getInstance(targetWindow: Window): { readonly value: number } };
}
declare module 'monaco-editor/base/common/strings' {
  export const AmbiguousCharacters: { ambiguousCharacterData: { readonly value: unknown } };
}
// Loaded by themselves first, the text model then the widget, so that the editor's core runs as
// three scripts (LazyJsonEditor.ts).
declare module 'monaco-editor/editor/common/model/textModel';
declare module 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
