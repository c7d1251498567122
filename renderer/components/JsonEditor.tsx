import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { EDITOR_FONT_SIZE, monaco, setEditorSchema } from './monaco-setup';
import { useDarkScheme } from './use-color-scheme';
import './JsonEditor.css';
import { nextTask } from './next-task';

/** LazyJsonEditor.ts runs these, each in a task of its own, before the first editor is made. */
export { warmSteps } from './monaco-setup';

type Options = monaco.editor.IStandaloneEditorConstructionOptions;

/** The options every editor shares; `readOnly` is the one a prop changes. */
const OPTIONS: Options = {
  // Section headers are drawn only in the minimap: with it off, finding them is work for nothing (a
  // timer task of up to 14 ms after the first editor).
  minimap: { enabled: false, showRegionSectionHeaders: false, showMarkSectionHeaders: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  // Suggestions and hovers drawn above the page, not cut off by the editor's rounded box (at 1024 px they were).
  fixedOverflowWidgets: true,
  fontSize: EDITOR_FONT_SIZE,
  wordWrap: 'on',
  renderControlCharacters: true,
  unicodeHighlight: { invisibleCharacters: true, ambiguousCharacters: true },
};

interface JsonEditorProps {
  value: string;
  onChange?: (v: string) => void;
  schema?: unknown;
  readOnly?: boolean;
  language?: string;
  height?: number;
}

/** The JSON schema the editor at `path` checks against, while there is one. */
function useEditorSchema(path: string, schema: unknown): void {
  useEffect(() => {
    if (schema === undefined) return;
    setEditorSchema(path, schema);
    return () => setEditorSchema(path, undefined);
  }, [path, schema]);
}

/**
 * Monaco behind our own small API: JSON (or another language), optionally checked against a schema, optionally
 * read-only.
 */
export default function JsonEditor({
  value,
  onChange,
  schema,
  readOnly,
  language = 'json',
  height = 240,
}: JsonEditorProps) {
  const id = useId().replace(/[^a-zA-Z0-9]/g, '');
  const path = `inmemory://model/${id}.json`;
  useEditorSchema(path, schema);
  // Monaco's theme is one for every editor on the page; each editor sets it as the scheme changes.
  const dark = useDarkScheme();
  const theme = dark ? 'vs-dark' : 'vs';

  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor>();
  // What the editor is made with and told of, read when it is made and from its listeners.
  const latest = useRef({ value, onChange, readOnly, theme });
  useLayoutEffect(() => {
    latest.current = { value, onChange, readOnly, theme };
  });
  // True while the editor takes a new `value` from its props: not an edit of the person's to report.
  const applying = useRef(false);

  // Made in three tasks — the model, the editor, then the model in it — so that the first editor
  // of the page, which also measures the font and makes the contributions, holds no task 50 ms.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let gone = false;
    let made: monaco.editor.IStandaloneCodeEditor | undefined;
    const uri = language === 'json' ? monaco.Uri.parse(path) : undefined;
    const model = monaco.editor.createModel(latest.current.value, language, uri);
    void (async () => {
      await nextTask();
      if (gone) return;
      monaco.editor.setTheme(latest.current.theme);
      made = monaco.editor.create(element, { ...OPTIONS, readOnly: latest.current.readOnly, model: null });
      await nextTask();
      if (gone) return;
      // A value that came while the editor was made goes in as the model's text, not as an edit to undo.
      if (model.getValue() !== latest.current.value) model.setValue(latest.current.value);
      made.setModel(model);
      made.onDidChangeModelContent(() => {
        if (!applying.current) latest.current.onChange?.(made!.getValue());
      });
      setEditor(made);
    })();
    return () => {
      gone = true;
      setEditor(undefined); // the effects below never reach an editor disposed here
      made?.dispose();
      model.dispose();
    };
  }, [path, language]);

  useEffect(() => {
    if (!editor || editor.getValue() === value) return;
    const model = editor.getModel();
    if (!model) return;
    applying.current = true;
    if (readOnly) editor.setValue(value);
    else {
      // An edit, not a new model: the person can undo it.
      editor.executeEdits('', [{ range: model.getFullModelRange(), text: value, forceMoveMarkers: true }]);
      editor.pushUndoStop();
    }
    applying.current = false;
  }, [editor, value, readOnly]);
  useEffect(() => {
    editor?.updateOptions({ readOnly });
  }, [editor, readOnly]);
  useEffect(() => {
    if (editor) monaco.editor.setTheme(theme);
  }, [editor, theme]);

  return (
    <div className="json-editor" data-testid={readOnly ? 'json-viewer' : 'json-editor'}>
      <div ref={host} style={{ height }} />
    </div>
  );
}
