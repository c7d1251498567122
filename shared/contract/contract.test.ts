import { describe, expect, it } from 'vitest';
import { contractParts, eventNames, events, requestNames, requests } from './index.js';

describe('the contract, one file per namespace', () => {
  const parts = Object.entries(contractParts);

  it('declares each request and event in one namespace only (a spread would silently drop the other)', () => {
    const reqs = parts.flatMap(([, p]) => Object.keys(p.requests));
    const evts = parts.flatMap(([, p]) => Object.keys(p.events));
    expect(reqs.length).toBe(Object.keys(requests).length);
    expect(evts.length).toBe(Object.keys(events).length);
    expect(new Set(reqs).size).toBe(reqs.length);
  });

  it('takes its names from the tables themselves, in the order the namespaces declare them', () => {
    expect(requestNames).toEqual(parts.flatMap(([, p]) => Object.keys(p.requests)));
    expect(eventNames).toEqual(parts.flatMap(([, p]) => Object.keys(p.events)));
    expect(requestNames).toContain('review.run');
    expect(eventNames).toContain('call.updated');
  });

  it('gives every request an input and an output schema, and every event a payload schema', () => {
    for (const n of requestNames) {
      expect(typeof requests[n].input.safeParse, n).toBe('function');
      expect(typeof requests[n].output.safeParse, n).toBe('function');
    }
    for (const n of eventNames) expect(typeof events[n].safeParse, n).toBe('function');
  });
});
