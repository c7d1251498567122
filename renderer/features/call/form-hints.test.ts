import { describe, expect, it } from 'vitest';
import { constraintText, hintUi } from './form-support';

describe("the form's hints", () => {
  it('say in words what a field is held to', () => {
    expect(constraintText({ type: 'number', minimum: 1, maximum: 1000 })).toBe('from 1 to 1000');
    expect(constraintText({ type: 'integer', exclusiveMinimum: 0 })).toBe('a whole number above 0');
    expect(constraintText({ type: 'string', format: 'email', maxLength: 80 })).toBe(
      'an email address, at most 80 characters',
    );
    expect(constraintText({ type: 'string', minLength: 1 })).toBe('at least 1 character');
    expect(constraintText({ type: 'array', minItems: 1, maxItems: 3 })).toBe('choose at least 1, choose at most 3');
    expect(constraintText({ type: 'string' })).toBeUndefined();
  });

  it('put each hint under its field, nested objects too, over the widgets already chosen', () => {
    const ui = hintUi(
      {
        type: 'object',
        properties: {
          age: { type: 'integer', minimum: 0, maximum: 150 },
          pets: { type: 'array', uniqueItems: true, maxItems: 2 },
          where: { type: 'object', properties: { site: { type: 'string', format: 'uri' } } },
          name: { type: 'string' },
        },
      },
      { pets: { 'ui:widget': 'checkboxes' } },
    );
    expect(ui).toEqual({
      age: { 'ui:help': 'a whole number from 0 to 150' },
      pets: { 'ui:widget': 'checkboxes', 'ui:help': 'choose at most 2' },
      where: { site: { 'ui:help': 'a URL' } },
      name: {},
    });
  });
});
