import Form from '@rjsf/core';
import type { IconButtonProps, RJSFSchema, SubmitButtonProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { checkboxUi, drawableSchema, hintUi, structuralValidator } from './form-support';

const label = (text: string) =>
  function Btn(props: IconButtonProps) {
    const { onClick, disabled, className } = props;
    return (
      <button type="button" className={`form-btn ${className ?? ''}`} onClick={onClick} disabled={disabled}>
        {text}
      </button>
    );
  };
const NoSubmit = (_p: SubmitButtonProps) => null;

/** rjsf behind our own small API: a form drawn from a JSON Schema, its value lifted to the caller. */
export function SchemaForm({
  schema,
  value,
  onChange,
  testId = 'tool-form',
  selectsAreSets,
}: {
  /** An elicitation's schema: its arrays of choices are multi-selects. */
  selectsAreSets?: boolean;
  schema: Record<string, unknown>;
  value: unknown;
  onChange: (v: unknown) => void;
  testId?: string;
}) {
  const drawn = useMemo(() => drawableSchema(schema, { selectsAreSets }), [schema, selectsAreSets]);
  const ui = useMemo(() => hintUi(drawn, selectsAreSets ? checkboxUi(drawn) : {}), [drawn, selectsAreSets]);
  const required = Array.isArray(drawn.required) && drawn.required.length > 0;
  return (
    <div className="schema-form" data-testid={testId}>
      {required && (
        <p className="small muted form-legend" data-testid="form-required-legend">
          * required
        </p>
      )}
      <Form
        schema={drawn as RJSFSchema}
        uiSchema={ui}
        formData={value}
        validator={structuralValidator}
        noHtml5Validate
        showErrorList={false}
        liveOmit={false}
        onChange={(e) => onChange(e.formData)}
        templates={{
          ButtonTemplates: {
            AddButton: label('+ Add'),
            RemoveButton: label('Remove'),
            MoveUpButton: label('↑'),
            MoveDownButton: label('↓'),
            CopyButton: label('Copy'),
            SubmitButton: NoSubmit,
          },
        }}
      />
    </div>
  );
}
