import { Suspense, useEffect, useMemo, useState } from 'react';
import type { ToolView } from '../../../shared/schemas/tool';
import type { ValidationError } from '../../../shared/schemas/call';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { cannotDraw, declaresNoArguments } from './form-support';
import { RecentCalls } from '../results/RecentCalls';
import { SchemaForm } from './LazySchemaForm';
import './call.css';
import { JsonEditor } from '../../components/LazyJsonEditor';
import { ErrorBoundary } from '../../components/ErrorBoundary';

/** Arguments for a tool (form or JSON), checked by the core as you type; Call asks the core, which asks the human. */
export function CallPanel({ tool }: { tool: ToolView }) {
  const prefill = useConsole((s) =>
    s.prefill?.serverId === tool.serverId && s.prefill.name === tool.name ? s.prefill.args : undefined,
  );
  const [value, setValue] = useState<unknown>(prefill ?? {});
  const [text, setText] = useState(() => JSON.stringify(prefill ?? {}, null, 2));
  const noForm = useMemo(() => cannotDraw(tool.inputSchema), [tool.inputSchema]);
  const noArguments = useMemo(() => declaresNoArguments(tool.inputSchema), [tool.inputSchema]);
  const [mode, setMode] = useState<'form' | 'json'>(noForm ? 'json' : 'form');
  const [parseError, setParseError] = useState<string | null>(null);
  const { errors, status } = useValidation(tool, value);
  const [asTask, setAsTask] = useState(false);
  const taskSupport = (tool.execution as { taskSupport?: unknown } | undefined)?.taskSupport;
  // Errors wait until the person has typed, clicked in the form or tried to call (a blank form is not
  // yet wrong); arguments brought back by "call again" are shown checked at once.
  const [touched, setTouched] = useState(prefill !== undefined);
  const shown = touched ? errors : [];
  const { call, sendError } = useSend(tool, value, asTask, () => setTouched(true));
  // The form is drawn (or said to have nothing to draw) in form mode, unless its schema is one it cannot draw.
  const formMode = mode === 'form' && !noForm;

  useEffect(() => {
    if (prefill) useConsole.getState().prefillRequested(null);
  }, [prefill]);

  const switchTo = (m: 'form' | 'json') => {
    if (m === 'json') setText(JSON.stringify(value, null, 2));
    setMode(m);
  };
  const onText = (t: string) => {
    setText(t);
    setTouched(true);
    try {
      setValue(JSON.parse(t));
      setParseError(null);
    } catch (e) {
      setParseError((e as Error).message);
    }
  };

  return (
    <div className="call-panel">
      <CallHead mode={mode} noForm={!!noForm} switchTo={switchTo} />
      {noForm && (
        <div className="note small" data-testid="form-fallback">
          The form cannot draw this schema: {noForm}. Edit the arguments as JSON.
        </div>
      )}
      <ArgumentsInput
        formMode={formMode}
        noArguments={noArguments}
        tool={tool}
        value={value}
        setValue={setValue}
        text={text}
        onText={onText}
        touch={() => setTouched(true)}
      />
      {parseError && <div className="error small">Not JSON: {parseError}</div>}
      {shown.length > 0 && <ValidationList shown={shown} status={status} />}
      <div className="row gap">
        <button className="primary" onClick={call} data-testid="call-button" disabled={!!parseError || !!tool.excluded}>
          Call {tool.name}
        </button>
        <TaskChoice support={taskSupport} asTask={asTask} setAsTask={setAsTask} />
        {shown.length > 0 && status === 'invalid' && (
          <span className="small warn-text">Invalid input can still be sent; you will confirm it.</span>
        )}
      </div>
      {sendError && (
        <div className="error" role="alert">
          {sendError}
        </div>
      )}
      <RecentCalls serverId={tool.serverId} tool={tool.name} />
    </div>
  );
}

/** Asks the core for the call (which asks the person); says why when it cannot be asked for. */
function useSend(tool: ToolView, value: unknown, asTask: boolean, touch: () => void) {
  const api = useApi();
  const [sendError, setSendError] = useState<string | null>(null);
  const call = async () => {
    setSendError(null);
    touch();
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return setSendError('The arguments must be a JSON object.');
    try {
      const args = value as Record<string, unknown>;
      await api.request('calls.request', {
        serverId: tool.serverId,
        tool: tool.name,
        args,
        asTask: asTask || undefined,
      });
    } catch (e) {
      setSendError((e as Error).message);
    }
  };
  return { call, sendError };
}

/** The arguments checked by the core as they change (a moment after the last change). */
function useValidation(tool: ToolView, value: unknown): { errors: ValidationError[]; status: string } {
  const api = useApi();
  const [errors, setErrors] = useState<ValidationError[]>([]);
  const [status, setStatus] = useState<string>('');
  useEffect(() => {
    const t = setTimeout(() => {
      api.request('tools.validate', { serverId: tool.serverId, name: tool.name, args: value }).then(
        (r) => {
          setErrors(r.errors);
          setStatus(r.status);
        },
        () => {},
      );
    }, 150);
    return () => clearTimeout(t);
  }, [api, tool.serverId, tool.name, value]);
  return { errors, status };
}

/** What the check found, where: not validated, or the errors. */
function ValidationList({ shown, status }: { shown: ValidationError[]; status: string }) {
  return (
    <ul
      className="validation small"
      data-testid="validation-errors"
      aria-label={status === 'unchecked' ? 'Not validated' : 'Validation errors'}
    >
      {shown.map((e, i) => (
        <li key={i}>
          <code>{e.path}</code> {e.message}
        </li>
      ))}
    </ul>
  );
}

interface InputProps {
  formMode: boolean;
  noArguments: boolean;
  tool: ToolView;
  value: unknown;
  setValue: (v: unknown) => void;
  text: string;
  onText: (t: string) => void;
  touch: () => void;
}

/** The arguments as a form (or that there are none), or as JSON in the editor, falling back to plain text. */
function ArgumentsInput({ formMode, noArguments, tool, value, setValue, text, onText, touch }: InputProps) {
  const plainText = (
    <textarea
      className="mono json-text"
      value={text}
      onChange={(e) => onText(e.target.value)}
      rows={8}
      aria-label="Arguments (JSON)"
    />
  );
  return formMode && noArguments ? (
    <p className="muted small" data-testid="form-no-arguments">
      This tool declares no arguments.
    </p>
  ) : formMode ? (
    // A person's input reaches here as DOM events; the form's own filling-in of defaults does not.
    <div onInputCapture={touch} onChangeCapture={touch} onClickCapture={touch}>
      <SchemaForm schema={tool.inputSchema} value={value} onChange={setValue} />
    </div>
  ) : (
    // Monaco loads when first shown; one that cannot load (the console gone) leaves the text to edit as text.
    <ErrorBoundary
      what="JSON editor"
      fallback={(why) => (
        <>
          {plainText}
          <div className="note small" role="alert" data-testid="json-editor-fallback">
            The JSON editor could not be shown: {why} The arguments can still be edited here as plain text.
          </div>
        </>
      )}
    >
      <Suspense fallback={plainText}>
        <JsonEditor value={text} onChange={onText} schema={tool.inputSchema} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The panel's title, and the form or JSON switch (the form only where it can draw the schema). */
function CallHead({
  mode,
  noForm,
  switchTo,
}: {
  mode: 'form' | 'json';
  noForm: boolean;
  switchTo: (m: 'form' | 'json') => void;
}) {
  return (
    <div className="row gap">
      <h3>Call</h3>
      <span className="spacer" />
      <div className="segmented" role="tablist">
        <button
          role="tab"
          aria-selected={mode === 'form'}
          disabled={noForm}
          onClick={() => switchTo('form')}
          data-testid="mode-form"
        >
          Form
        </button>
        <button role="tab" aria-selected={mode === 'json'} onClick={() => switchTo('json')} data-testid="mode-json">
          JSON
        </button>
      </div>
    </div>
  );
}

/** A tool that may run as a task offers it; one that must says so. */
function TaskChoice({
  support,
  asTask,
  setAsTask,
}: {
  support: unknown;
  asTask: boolean;
  setAsTask: (on: boolean) => void;
}) {
  if (support === 'optional')
    return (
      <label className="small">
        <input
          type="checkbox"
          checked={asTask}
          onChange={(e) => setAsTask(e.target.checked)}
          data-testid="run-as-task"
        />{' '}
        run as a task
      </label>
    );
  if (support === 'required')
    return (
      <span className="small muted" data-testid="task-required">
        runs as a task (the tool requires it)
      </span>
    );
  return null;
}
