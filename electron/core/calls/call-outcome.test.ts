import { ProtocolError } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { classify, inWords } from './call-outcome.js';
import { loadSdk } from '../support/index.js';

describe('errors in words', () => {
  // A server's error reaches classify only through a connection, which has loaded the SDK.
  beforeAll(() => loadSdk());

  it('says what the 2026-07-28 error codes mean, beside what the server said', () => {
    expect(inWords(-32020, 'Mcp-Param-Region does not match', undefined)).toMatch(
      /HTTP headers do not match its body \(HeaderMismatch\): Mcp-Param-Region does not match\. .*list the tools again/,
    );
    expect(inWords(-32021, 'needs elicitation', { requiredCapabilities: { elicitation: {} } })).toMatch(
      /MissingRequiredClientCapability: \{"elicitation":\{\}\}\): needs elicitation/,
    );
    expect(inWords(-32022, 'nope', { supported: ['2026-07-28'] })).toMatch(
      /it speaks 2026-07-28\): nope\. Reconnect with the era set to auto/,
    );
    expect(inWords(-32602, 'bad params', undefined)).toBe('bad params');
  });

  it('a URL the server needs visited (-32042) is named with its host, and a deceptive one is said not to be opened', () => {
    const words = inWords(-32042, 'sign in first', {
      elicitations: [
        { mode: 'url', url: 'https://auth.example/x', elicitationId: '1', message: 'm' },
        { mode: 'url', url: 'https://bank.example@evil.example/', elicitationId: '2', message: 'm' },
      ],
    });
    expect(words).toContain('https://auth.example/x (host auth.example)');
    expect(words).toMatch(
      /https:\/\/bank\.example@evil\.example\/ \(host evil\.example; not to be opened: .*user name or password/,
    );
    expect(words).toMatch(/URLElicitationRequired.*: sign in first\. Open it yourself/);
  });

  it('a protocol error from the server keeps its code and gets the words', () => {
    const r = classify(new ProtocolError(-32020, 'header mismatch'), false);
    expect(r).toMatchObject({
      outcome: 'protocol-error',
      error: { code: -32020, message: expect.stringContaining('HeaderMismatch') },
    });
  });
});
