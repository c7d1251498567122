import { describe, expect, it } from 'vitest';
import { lineSplitter } from './lines.js';

describe('lineSplitter', () => {
  it('gives whole lines, keeping a character split between two chunks whole, and a line spread over many chunks', () => {
    const lines: string[] = [];
    const feed = lineSplitter((l) => lines.push(l));
    const bytes = Buffer.from('{"a":"é😀"}\n{"b":"' + 'ü'.repeat(1000) + '"}\n{"c"', 'utf8');
    for (let i = 0; i < bytes.length; i += 7) feed(bytes.subarray(i, i + 7)); // cuts through multi-byte characters
    feed(':1}\n');
    expect(lines).toEqual(['{"a":"é😀"}', `{"b":"${'ü'.repeat(1000)}"}`, '{"c":1}']);
  });

  it('gives every line of a chunk that holds many, and keeps what follows the last newline', () => {
    const lines: string[] = [];
    const feed = lineSplitter((l) => lines.push(l));
    feed('a\nb\n\nc');
    feed('d\ne\n');
    expect(lines).toEqual(['a', 'b', '', 'cd', 'e']);
  });

  it('drops a line longer than its bound, says so once, and goes on with the next line', () => {
    const lines: string[] = [];
    const over: number[] = [];
    const feed = lineSplitter((l) => lines.push(l), { maxLine: 10, onOversize: (n) => over.push(n) });
    feed('short\n0123456');
    feed('789abcdef'); // past 10 without a newline: dropped from here on
    feed('more and more');
    feed('tail\nnext\n0123456789ab\nok\n');
    expect(lines).toEqual(['short', 'next', 'ok']);
    expect(over).toHaveLength(2);
    expect(over[1]).toBe(12);
  });
});
