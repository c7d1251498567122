import type { CollectionFile } from '../../../shared/schemas/collection-run';

/** A collection file as a person knows it: its name, else its file's name. */
export const fileTitle = (f: CollectionFile): string => f.name ?? f.fileName;

/** The title of the file chosen by id among `files` (a choice's hover text), if one is chosen. */
export function chosenTitle(files: readonly CollectionFile[], id: string): string | undefined {
  const f = files.find((x) => x.id === id);
  return f && fileTitle(f);
}
