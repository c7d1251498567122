import { describe, expect, it } from 'vitest';
import { readReport } from './view-host.js';

describe('a violation report', () => {
  it('reads the legacy csp-report and a Reporting API batch, and nothing else', () => {
    expect(
      readReport(
        JSON.stringify({ 'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': 'https://x.example/' } }),
      ),
    ).toEqual({
      directive: 'connect-src',
      blocked: 'https://x.example/',
    });
    expect(
      readReport(
        JSON.stringify([
          { type: 'csp-violation', body: { effectiveDirective: 'img-src', blockedURL: 'https://i.example/a.png' } },
        ]),
      ),
    ).toEqual({
      directive: 'img-src',
      blocked: 'https://i.example/a.png',
    });
    expect(readReport('{')).toBeUndefined();
    expect(readReport('null')).toBeUndefined();
    expect(readReport(JSON.stringify({ 'csp-report': { 'blocked-uri': 'x' } }))).toBeUndefined();
  });
});
