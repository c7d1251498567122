import { describe, expect, it } from 'vitest';
import type { ToolView } from '../../shared/schemas/tool';
import { toolByName } from './tool-by-name';

const tool = (name: string, title = name) => ({ name, title }) as unknown as ToolView;

describe('toolByName', () => {
  it('finds a tool by name in the catalog array it is given, the first of a name, and follows a new array', () => {
    const v1 = [tool('a'), tool('b', 'first b'), tool('b', 'second b')];
    expect(toolByName(v1, 'b')?.title).toBe('first b');
    expect(toolByName(v1, 'a')).toBe(v1[0]);
    expect(toolByName(v1, 'zz')).toBeUndefined();
    expect(toolByName(undefined, 'a')).toBeUndefined();
    // The store makes a new array when the catalog changes: the new one is indexed anew.
    const v2 = [tool('a', 'a changed'), tool('c')];
    expect(toolByName(v2, 'a')?.title).toBe('a changed');
    expect(toolByName(v2, 'b')).toBeUndefined();
    expect(toolByName(v1, 'a')?.title).toBe('a');
  });
});
