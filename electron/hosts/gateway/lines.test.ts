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
});
