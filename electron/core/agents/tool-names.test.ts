import { describe, expect, it } from 'vitest';
import { agentToolName } from './tool-names.js';

const RULE = /^[A-Za-z0-9_.-]{1,128}$/;

describe('agentToolName', () => {
  it('is <server>.<tool> when both fit the spec, and always within its name rules', () => {
    expect(agentToolName('files', 'read_file')).toBe('files.read_file');
    expect(agentToolName('gh', 'repos.list')).toBe('gh.repos.list');
    for (const [s, t] of [
      ['my server', 'x'],
      ['a.b', 'c'],
      ['-x', 'y'],
      ['ok', 'has space'],
      ['ok', 'ü'],
      ['ok', 'x'.repeat(200)],
      ['ok', '-starts'],
    ])
      expect(agentToolName(s!, t!)).toMatch(RULE);
  });

  it('never gives two different (server, tool) pairs the same name', () => {
    const pairs: Array<[string, string]> = [
      ['a', 'b.c'],
      ['a.b', 'c'],
      ['a_b', 'c'],
      ['a', 'b_c'],
      ['a', '-b'],
      ['a', 'x'.repeat(200)],
      ['a', 'x'.repeat(201)],
      ['a b', 'c'],
      ['a-b', 'c'],
      ['-a', 'c'],
      ['a', 'b c'],
      ['a', 'b-c'],
    ];
    const names = pairs.map(([s, t]) => agentToolName(s, t));
    expect(new Set(names).size).toBe(pairs.length);
  });
});
