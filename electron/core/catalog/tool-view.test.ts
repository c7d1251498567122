import { describe, expect, it } from 'vitest';
import { HINTS, effectiveAnnotations, toolRisk } from '../../../shared/annotations.js';
import type { ToolAnnotations } from '../../../shared/schemas/tool.js';
import { toolView } from './tool-view.js';

const view = (def: Record<string, unknown>, trusted = false) =>
  toolView('fx', 'identity', trusted, { name: 't', inputSchema: { type: 'object' }, ...def } as never);

/** Every way a server can send the four hints: each left out, true or false. */
function everyDeclaration(): ToolAnnotations[] {
  let all: Record<string, boolean>[] = [{}];
  for (const hint of HINTS) all = all.flatMap((a) => [a, { ...a, [hint]: true }, { ...a, [hint]: false }]);
  return all;
}

describe('a tool view’s annotations and risk', () => {
  it('are what the shared functions make of each of the 81 declarations, trusted or not', () => {
    const declarations = everyDeclaration();
    expect(declarations).toHaveLength(81);
    for (const declared of declarations)
      for (const trusted of [false, true]) {
        const v = view({ annotations: declared }, trusted);
        expect(v.annotations).toEqual(effectiveAnnotations(declared));
        expect(v.risk).toEqual(toolRisk(declared, trusted));
      }
  });

  it('are one object per declaration and trust, and a title makes annotations of their own', () => {
    const a = view({ name: 'a', annotations: { readOnlyHint: true, openWorldHint: false } });
    const b = view({ name: 'b', annotations: { openWorldHint: false, readOnlyHint: true } });
    expect(b.annotations).toBe(a.annotations);
    expect(b.risk).toBe(a.risk);
    expect(Object.isFrozen(a.annotations) && Object.isFrozen(a.risk)).toBe(true);
    expect(view({ annotations: { readOnlyHint: true, openWorldHint: false } }, true).risk).not.toBe(a.risk);
    expect(view({ annotations: { readOnlyHint: false, openWorldHint: false } }).annotations).not.toBe(a.annotations);
    const titled = view({ annotations: { readOnlyHint: true, openWorldHint: false, title: 'Reads' } });
    expect(titled.annotations).toEqual({ ...a.annotations, title: 'Reads' });
    expect(titled.risk).toBe(a.risk);
  });

  it('read a hint that is not a boolean as not sent, as the spec defaults do', () => {
    const odd = view({ annotations: { readOnlyHint: 'yes', destructiveHint: 0 } });
    expect(odd.annotations).toBe(view({ annotations: {} }).annotations);
    expect(odd.risk).toEqual(toolRisk(undefined, false));
    expect(view({}).risk.level).toBe('unknown');
  });
});

describe('a tool view’s hidden text', () => {
  it('finds none in printable ASCII, nor in visible text past it', () => {
    expect(view({ description: 'Adds two numbers ~ [0-9] {a: "b"}' }).hiddenText).toEqual([]);
    expect(view({ description: 'Café au lait, 東京' }).hiddenText).toEqual([]);
  });

  it('finds what hides in each top-level field, whether written raw or escaped in the JSON text', () => {
    expect(view({ description: 'harmless\u200b' }).hiddenText).toEqual(['description']);
    expect(view({ title: 'delete\u007f' }).hiddenText).toEqual(['title']);
    expect(
      view({ inputSchema: { type: 'object', properties: { ['x\u0007']: { type: 'string' } } } }).hiddenText,
    ).toEqual(['inputSchema']);
    expect(view({ description: 'p\u0430ypal' }).hiddenText).toEqual(['description']);
  });
});
