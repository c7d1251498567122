import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../calls/index.js';
import { checkProblems } from './check.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your full name' },
    age: { type: 'integer', minimum: 0 },
    email: { type: 'string', title: 'email', format: 'email' },
  },
  required: ['name', 'age'],
};

describe('checkProblems: what is wrong with an answer, in the words of the form', () => {
  const v = new SchemaValidator();
  it('names a missing field by the title the form shows, with its key', () => {
    expect(checkProblems(v, schema, { age: 3 })).toEqual(['"Your full name" (name) is required']);
  });
  it('names a field without a title (or titled as its key) by its key, and says what is wrong with its value', () => {
    const problems = checkProblems(v, schema, { name: 'Ada', age: -1, email: 'not an address' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^"age" must be >= 0$/);
    expect(problems[1]).toMatch(/^"email" must match format "email"$/);
  });
  it('an answer that fits has no problem', () => {
    expect(checkProblems(v, schema, { name: 'Ada', age: 36 })).toEqual([]);
  });
});
