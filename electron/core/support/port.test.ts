import { describe, expect, it } from 'vitest';
import { Port } from './port.js';

describe('a port to a part built later', () => {
  it('refuses use before it is bound, gives the part after, and is bound once only', () => {
    const p = new Port<{ n: number }>('the thing');
    expect(() => p.it).toThrow('the thing is used before the core built it');
    const part = { n: 1 };
    expect(p.bind(part)).toBe(part);
    expect(p.it.n).toBe(1);
    expect(() => p.bind({ n: 2 })).toThrow('bound twice');
    expect(p.it).toBe(part);
  });
});
