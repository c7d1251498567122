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
