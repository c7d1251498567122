import { describe, expect, it } from 'vitest';
import { parseArgs, str } from './args.js';

const FLAGS = ['config', 'json', 'yes', 'args', 'value', 'no-browser'];

describe('the command line, read by util.parseArgs', () => {
  it('gives a string flag the next word, or its =value, and a boolean none', () => {
    const a = parseArgs(['call', 'fx', 'echo', '--config', 'c.json', '--json', '--args={"a":1}'], FLAGS);
    expect(a.positional).toEqual(['call', 'fx', 'echo']);
    expect(str(a, 'config')).toBe('c.json');
    expect(a.flags.get('json')).toBe(true);
    expect(str(a, 'args')).toBe('{"a":1}');
  });

  it('takes a value that looks like a flag or a negative number, as typed', () => {
    expect(str(parseArgs(['complete', '--value', '-1'], FLAGS), 'value')).toBe('-1');
    expect(str(parseArgs(['tools', '--config', '--json'], FLAGS), 'config')).toBe('--json');
  });

  it('reads -h and -y, a string flag with nothing after it as given, and words after -- as positional', () => {
    const a = parseArgs(['call', '-y', '-h', '--config'], FLAGS);
    expect(a.flags.get('yes')).toBe(true);
    expect(a.flags.get('help')).toBe(true);
    expect(a.flags.get('config')).toBe(true);
    expect(str(a, 'config')).toBeUndefined();
    expect(parseArgs(['call', '--', '--json'], FLAGS).positional).toEqual(['call', '--json']);
  });

  it('keeps a flag no command takes, by the name typed, for the command to refuse', () => {
    const a = parseArgs(['tools', '--jsno'], FLAGS);
    expect([...a.flags.keys()]).toEqual(['jsno']);
  });
});
