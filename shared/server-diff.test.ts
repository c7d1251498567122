import { describe, expect, it } from 'vitest';
import { diffMarkdown, diffServers, diffText, toolDefinition } from './server-diff.js';

describe('the diff of two servers', () => {
  it('compares only what both sides have, and leaves out what a console added', () => {
    const d = diffServers(
      { label: 'a', tools: [{ name: 't', fingerprint: 'x', annotations: { readOnlyHint: false } }], resources: [] },
      {
        label: 'b',
        tools: [{ name: 't', annotations: undefined }],
        resources: [],
        prompts: [{ serverId: 'fx', name: 'p' }],
      },
    );
    // A console's view with no declared annotations is the definition without any.
    expect(d.equal).toBe(true);
    expect(d.notCompared).toEqual(['prompts']);
    expect(toolDefinition({ name: 't', declaredAnnotations: { readOnlyHint: true }, annotations: {} })).toEqual({
      name: 't',
      annotations: { readOnlyHint: true },
    });
  });

  it('keeps server text inert: no markup, link or mention in Markdown; control characters through the cleaner', () => {
    const evil = 'x](https://evil.example) @team <img src=x> `code`\n# heading';
    const d = diffServers(
      { label: 'a', tools: [] },
      { label: 'b', tools: [{ name: evil, description: '\u001b[31mred' }] },
    );
    const md = diffMarkdown(d);
    expect(md).not.toMatch(/\]\(https|@team|<img|^# /m);
    expect(md).toContain('&#64;team');
    const text = diffText(d, (s) => s.replace(/[\u0000-\u001f]/g, (c) => `\\x${c.charCodeAt(0).toString(16)}`));
    expect(text).not.toContain('\u001b');
    expect(text).toContain('+ tool x](https://evil.example) @team <img src=x> `code`\\xa# heading');
  });
});
