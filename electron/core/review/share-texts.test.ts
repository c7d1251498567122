import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../shared/schemas/review.js';
import { shareTexts } from './review-off-loop.js';

const finding = (subject: string, excerpt: string): Finding => ({
  rule: 'Q03',
  severity: 'low',
  server: 'fx',
  kind: 'tool',
  subject,
  path: 'inputSchema.properties',
  message: '1 parameter without a description: n',
  excerpt,
  match: '',
});

describe('findings from the review worker', () => {
  it('keep every field as it came, and their short texts once for all findings', () => {
    const texts = new Map<string, string>([['bulk_3', 'bulk_3']]);
    const long = 'x'.repeat(300);
    const came = Array.from({ length: 50 }, (_, i) => finding(`bulk_${i}`, i % 2 ? long : 'short'));
    const kept = came.map((f) => shareTexts(structuredClone(f), texts));
    expect(kept).toEqual(came);
    // The rule, severity, server, kind, path, message, the short excerpt and the empty match; never
    // a long text, nor a subject it did not hold before (a name is one tool's).
    expect([...texts.keys()].sort()).toEqual([
      '',
      '1 parameter without a description: n',
      'Q03',
      'bulk_3',
      'fx',
      'inputSchema.properties',
      'low',
      'short',
      'tool',
    ]);
  });
});
