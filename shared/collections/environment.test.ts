import { describe, expect, it } from 'vitest';
import type { Collection } from '../schemas/collection.js';
import { bareVariables, parseEnvironment, parseRows, withVariables } from './environment.js';

const c: Collection = {
  name: 'Greet',
  steps: [
    {
      id: 'hi',
      call: { server: '{{server}}', tool: 'greet', arguments: { name: '{{who}}', times: '{{n}}', key: '{{env.KEY}}' } },
      expect: { outcome: 'ok', assert: [{ path: '/content/0/text', matches: 'Hello, {{who}}' }] },
    },
  ],
} as Collection;

describe('environments and data rows', () => {
  it('put bare variables into servers, arguments and expectations; env. and steps. stay for the run', () => {
    expect(bareVariables(c)).toEqual(['n', 'server', 'who']);
    const put = withVariables(c, { server: 'notes', who: 'Ada', n: 3 }, 'the environment dev');
    expect(put.steps[0]).toEqual({
      id: 'hi',
      call: { server: 'notes', tool: 'greet', arguments: { name: 'Ada', times: 3, key: '{{env.KEY}}' } },
      expect: { outcome: 'ok', assert: [{ path: '/content/0/text', matches: 'Hello, Ada' }] },
    });
    expect(() => withVariables(c, { server: 'notes' }, 'the environment dev')).toThrow(
      '{{who}}: no variable who in the environment dev',
    );
  });

  it('read an environment file, flat or under "values", and warn of a secret in it', () => {
    expect(parseEnvironment({ name: 'dev', values: { a: 'x', b: 2 } }, 'dev.env.json').vars).toEqual({ a: 'x', b: 2 });
    expect(parseEnvironment({ name: 'dev', a: true }, 'f').vars).toEqual({ a: true });
    expect(() => parseEnvironment({ a: { deep: 1 } }, 'f')).toThrow(
      'f: a must be a string, a number, true, false or null',
    );
    expect(() => parseEnvironment([1], 'f')).toThrow('an environment is a JSON object');
    const secret = parseEnvironment({ token: 'ghp_' + 'a'.repeat(36) }, 'f');
    expect(secret.warnings).toEqual([expect.stringContaining('token looks like a secret')]);
  });

  it('read CSV rows with quotes, doubled quotes, commas and line ends in them, and JSON rows', () => {
    const csv = 'who,greeting\r\nAda,"Hello, Ada!"\n"Grace ""G""","two\nlines"\n\n';
    expect(parseRows(csv, 'rows.csv')).toEqual([
      { who: 'Ada', greeting: 'Hello, Ada!' },
      { who: 'Grace "G"', greeting: 'two\nlines' },
    ]);
    expect(() => parseRows('a,b\n1\n', 'r.csv')).toThrow('r.csv line 2: 1 fields where the header has 2');
    expect(() => parseRows('a\n"open\n', 'r.csv')).toThrow('a quoted field is not closed');
    expect(parseRows('[{"who":"Ada"}]', 'rows.json')).toEqual([{ who: 'Ada' }]);
  });
});
