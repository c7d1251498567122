import { describe, expect, it } from 'vitest';
import { octetFrame, SyslogSink, syslogMessage } from './syslog-sink.js';

const entry = {
  seq: 7,
  kind: 'denied',
  time: '2026-11-26T14:00:00.000Z',
  hash: 'a"b]c\\d',
  prevHash: '00',
  line: '{"kind":"denied","reason":"é ✓","seq":7}',
};

describe('RFC 5424 over octet-counted TCP', () => {
  it('writes the header, the structured data with its values escaped, and the line after a BOM', () => {
    expect(syslogMessage(entry, 'host one', 42)).toBe(
      `<108>1 2026-11-26T14:00:00.000Z hostone mcp-console 42 denied [mcpConsole@32473 seq="7" hash="a\\"b\\]c\\\\d" prevHash="00"] \ufeff{"kind":"denied","reason":"é ✓","seq":7}`,
    );
    // Informational for what is not a refusal; the checkpoint as an anchor, under its own MSGID.
    expect(syslogMessage({ ...entry, kind: 'approved' }, 'h', 1)).toMatch(/^<110>1 /);
    expect(syslogMessage({ ...entry, anchor: true }, 'h', 1)).toContain(' checkpoint [mcpConsole@32473 seq="7" hash=');
    expect(syslogMessage({ ...entry, anchor: true }, 'h', 1)).toContain(' anchor="1"]');
  });

  it('frames each message by its length in bytes, not characters', () => {
    const f = octetFrame('é✓');
    expect(f.toString('utf8')).toBe('5 é✓');
  });

  it('takes tcp:// and tls:// with a port, and nothing else', () => {
    expect(new SyslogSink(new URL('tls://logs.example:6514')).target).toBe('tls://logs.example:6514');
    expect(() => new SyslogSink(new URL('udp://logs.example:514'))).toThrow(/tcp:\/\/ or tls:\/\//);
    expect(() => new SyslogSink(new URL('tcp://logs.example'))).toThrow(/port/);
  });
});
