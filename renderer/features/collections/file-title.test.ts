import { describe, expect, it } from 'vitest';
import type { CollectionFile } from '../../../shared/schemas/collection-run';
import { chosenTitle, fileTitle } from './file-title';

const file = (id: string, fileName: string, name?: string) =>
  ({ id, fileName, ...(name !== undefined && { name }) }) as CollectionFile;

describe('a collection file as a person knows it', () => {
  it('is its name, else its file name', () => {
    expect(fileTitle(file('a', 'a.collection.json', 'Notes'))).toBe('Notes');
    expect(fileTitle(file('b', 'b.collection.json'))).toBe('b.collection.json');
  });
  it('names the file chosen by id, and nothing when none is', () => {
    const files = [file('a', 'a.collection.json', 'Notes'), file('b', 'b.collection.json')];
    expect(chosenTitle(files, 'b')).toBe('b.collection.json');
    expect(chosenTitle(files, '')).toBeUndefined();
  });
});
