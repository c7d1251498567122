import { useEffect, useId } from 'react';
import Editor from '@monaco-editor/react';
import { setEditorSchema } from './monaco-setup';
import { useDarkScheme } from './use-color-scheme';
import './JsonEditor.css';

/** LazyJsonEditor.ts makes Monaco's services in a task of their own before the first editor. */
export { warmEditorServices } from './monaco-setup';

/** Monaco behind our own small API: JSON (or another language), optionally checked against a schema, optionally read-only. */
export default function JsonEditor({
  value,
  onChange,
  schema,
  readOnly,
  language = 'json',
  height = 240,
}: {
  value: string;
  onChange?: (v: string) => void;
  schema?: unknown;
  readOnly?: boolean;
  language?: string;
  height?: number;
}) {
  const id = useId().replace(/[^a-zA-Z0-9]/g, '');
  const path = `inmemory://model/${id}.json`;
  useEffect(() => {
    if (schema === undefined) return;
    setEditorSchema(path, schema);
    return () => setEditorSchema(path, undefined);
  }, [path, schema]);
  // Monaco's theme is one for every editor on the page; each editor sets it as the scheme changes.
  const dark = useDarkScheme();
  return (
    <div className="json-editor" data-testid={readOnly ? 'json-viewer' : 'json-editor'}>
      <Editor
        height={height}
        language={language}
        path={language === 'json' ? path : undefined}
        value={value}
        theme={dark ? 'vs-dark' : 'vs'}
        onChange={(v) => onChange?.(v ?? '')}
        options={{
          readOnly,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          // Suggestions and hovers drawn above the page, not cut off by the editor's rounded box (at 1024 px they were).
          fixedOverflowWidgets: true,
          fontSize: 13,
          wordWrap: 'on',
          renderControlCharacters: true,
          unicodeHighlight: { invisibleCharacters: true, ambiguousCharacters: true },
        }}
      />
    </div>
  );
}
