import { describe, expect, it } from 'vitest';
import { routeContent } from './content-routing.js';

const t = (text: string, annotations?: object) => ({ type: 'text', text, ...(annotations ? { annotations } : {}) });

describe('routeContent', () => {
  const blocks = [
    t('both-unset'),
    t('user-0.9', { audience: ['user'], priority: 0.9 }),
    t('assistant-1', { audience: ['assistant'], priority: 1 }),
    t('both-0.1', { audience: ['user', 'assistant'], priority: 0.1 }),
    t('user-unset-2'),
  ];
  it('shows the user what is for the user or for nobody in particular, highest priority first', () => {
    const v = routeContent(blocks, 'user').map((b) => String(b.block.text));
    expect(v).toEqual(['user-0.9', 'both-unset', 'user-unset-2', 'both-0.1']);
  });
  it('gives the model what is for the model', () => {
    const v = routeContent(blocks, 'assistant').map((b) => String(b.block.text));
    expect(v).toEqual(['assistant-1', 'both-unset', 'user-unset-2', 'both-0.1']);
  });
  it('collapses blocks below 0.3 and keeps the server index', () => {
    const v = routeContent(blocks, 'user');
    expect(v.find((b) => b.index === 3)?.collapsed).toBe(true);
    expect(v.filter((b) => b.collapsed)).toHaveLength(1);
  });
  it('treats malformed priority as unset', () => {
    const v = routeContent([t('a', { priority: 7 }), t('b', { priority: 0.6 })], 'user');
    expect(v.map((b) => b.declaredPriority)).toEqual([0.6, undefined]);
  });
});
