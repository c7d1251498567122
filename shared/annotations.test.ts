import { describe, expect, it } from 'vitest';
import { displayName, effectiveAnnotations, riskSummary } from './annotations.js';

describe('annotations', () => {
  it('fills the spec defaults when nothing is declared', () => {
    expect(effectiveAnnotations(undefined)).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
  });
  it('keeps declared booleans and ignores values of the wrong type', () => {
    const eff = effectiveAnnotations({
      readOnlyHint: true,
      destructiveHint: 'no' as unknown as boolean,
      openWorldHint: false,
    });
    expect(eff).toEqual({ readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false });
  });
  it('rates risk from annotations and trust', () => {
    expect(riskSummary(undefined, false).level).toBe('unknown');
    expect(riskSummary({ readOnlyHint: true }, false).level).toBe('read-only-claimed');
    expect(riskSummary({ readOnlyHint: true }, true).level).toBe('read-only-trusted');
    expect(riskSummary({ destructiveHint: true }, true).level).toBe('destructive');
    expect(riskSummary({ readOnlyHint: false }, true).level).toBe('destructive');
    expect(riskSummary({ destructiveHint: false }, false).level).toBe('writes');
    expect(riskSummary({ destructiveHint: false, openWorldHint: false }, false).openWorld).toBe(false);
    expect(riskSummary({ destructiveHint: false }, false).openWorld).toBe(true);
  });
  it('names a tool by title, then annotations.title, then name', () => {
    expect(displayName({ name: 'n', title: 'T', annotations: { title: 'A' } })).toBe('T');
    expect(displayName({ name: 'n', annotations: { title: 'A' } })).toBe('A');
    expect(displayName({ name: 'n' })).toBe('n');
  });
});
