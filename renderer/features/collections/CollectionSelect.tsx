import type { ReactNode } from 'react';
import type { CollectionFile } from '../../../shared/schemas/collection-run';
import { chosenTitle } from './file-title';

/**
 * A choice of one collection file by id (its options are the caller's): a field's width, the chosen title in its hover
 * text.
 */
export function CollectionSelect(props: {
  files: readonly CollectionFile[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <select
      className="bounded"
      title={chosenTitle(props.files, props.value)}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      aria-label={props.label}
      data-testid={props.testId}
    >
      {props.children}
    </select>
  );
}
