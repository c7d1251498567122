import { describe, expect, it } from 'vitest';
import { events, requests } from './contract.js';
import { EVENT_NAMES, REQUEST_NAMES } from './contract-names.js';

describe('the contract names a page loads without the schemas', () => {
  it('are the contract’s requests and events, in contract order', () => {
    expect([...REQUEST_NAMES]).toEqual(Object.keys(requests));
    expect([...EVENT_NAMES]).toEqual(Object.keys(events));
  });
});
