import { describe, expect, it } from 'vitest';
import { checkboxUi, declaresNoArguments, drawableSchema } from './form-support';

describe('drawableSchema', () => {
  it('turns legacy enumNames into titled choices with the same values', () => {
    const s = {
      type: 'object',
      properties: { pet: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'], default: 'pet-1' } },
    };
    expect(drawableSchema(s).properties).toEqual({
      pet: {
        type: 'string',
        oneOf: [
          { const: 'pet-1', title: 'Cats' },
          { const: 'pet-2', title: 'Dogs' },
        ],
        default: 'pet-1',
      },
    });
    // The schema given is not changed; one with nothing to change is returned as is.
    expect(s.properties.pet.enumNames).toEqual(['Cats', 'Dogs']);
    const plain = { type: 'object', properties: { n: { type: 'number' } } };
    expect(drawableSchema(plain)).toBe(plain);
  });

  it('draws an elicitation\u2019s titled and untitled multi-selects as sets, and a tool\u2019s arrays as lists', () => {
    const s = {
      type: 'object',
      properties: {
        fish: { type: 'array', items: { anyOf: [{ const: 'fish-1', title: 'Tuna' }] } },
        tools: { type: 'array', items: { type: 'string', enum: ['Guitar', 'Piano'] } },
        free: { type: 'array', items: { type: 'string' } },
      },
    };
    const drawn = drawableSchema(s, { selectsAreSets: true }).properties as Record<string, Record<string, unknown>>;
    expect([drawn.fish!.uniqueItems, drawn.tools!.uniqueItems, drawn.free!.uniqueItems]).toEqual([
      true,
      true,
      undefined,
    ]);
    expect(checkboxUi(drawableSchema(s, { selectsAreSets: true }))).toEqual({
      fish: { 'ui:widget': 'checkboxes' },
      tools: { 'ui:widget': 'checkboxes' },
    });
    expect(drawableSchema(s)).toBe(s);
  });
});

describe('declaresNoArguments', () => {
  it('is true for an object schema that names nothing, and false once it holds anything', () => {
    expect(declaresNoArguments({ type: 'object' })).toBe(true);
    expect(declaresNoArguments({ type: 'object', properties: {} })).toBe(true);
    expect(declaresNoArguments({ type: 'object', properties: {}, additionalProperties: false })).toBe(true);
    expect(declaresNoArguments({ type: 'object', properties: { n: { type: 'number' } } })).toBe(false);
    expect(declaresNoArguments({ type: 'object', additionalProperties: { type: 'string' } })).toBe(false);
    expect(declaresNoArguments({ type: 'object', patternProperties: { '^x': {} } })).toBe(false);
    expect(declaresNoArguments({ type: 'object', anyOf: [{ properties: { a: {} } }] })).toBe(false);
    expect(declaresNoArguments({ type: 'object', $ref: '#/$defs/args' })).toBe(false);
    expect(declaresNoArguments({ type: 'string' })).toBe(false);
  });
});
