import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Collection } from '../../../shared/schemas/collection.js';
import { environmentsBeside, inEnvironment } from './environments.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-envs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const greet: Collection = {
  name: 'Greet',
  steps: [{ id: 'hi', call: { server: '{{server}}', tool: 'greet', arguments: { name: '{{who}}' } } }],
};

describe('environments beside a collection', () => {
  it('are the NAME.env.json files of its folder; a run in one has its variables put in and its name marked', () => {
    const file = join(dir, 'greet.collection.json');
    writeFileSync(file, JSON.stringify(greet));
    writeFileSync(join(dir, 'dev.env.json'), JSON.stringify({ values: { server: 'notes', who: 'Ada' } }));
    writeFileSync(join(dir, 'half.env.json'), JSON.stringify({ server: 'notes' }));
    writeFileSync(join(dir, '..bad name.env.json'), '{}');
    writeFileSync(join(dir, 'notes.json'), '{}');
    expect(environmentsBeside(file)).toEqual(['dev', 'half']);
    const put = inEnvironment(file, greet, 'dev');
    expect(put.name).toBe('Greet [dev]');
    expect(put.steps[0]).toMatchObject({ call: { server: 'notes', arguments: { name: 'Ada' } } });
    expect(() => inEnvironment(file, greet, 'half')).toThrow(/\{\{who\}\}/);
    expect(() => inEnvironment(file, greet, '../dev')).toThrow(/not an environment's name/);
    expect(() => inEnvironment(file, greet, 'nowhere')).toThrow(/nowhere/);
  });
});
