import { describe, expect, it } from 'vitest';
import type { PromptView } from '../../../shared/schemas/prompt.js';
import type { ReviewSummary } from '../../../shared/schemas/review.js';
import type { ServerView } from '../../../shared/schemas/server.js';
import type { ReviewDeps } from './review-deps.js';
import { ReviewService } from './review-service.js';

/** One connected server with prompts; each listing of its prompts waits until the test answers it. */
function service() {
  const asked: ((p: PromptView[]) => void)[] = [];
  const reviewed: ReviewSummary[] = [];
  let tools: Record<string, unknown>[] = [{ name: 'first', description: 'Reads a file.', inputSchema: {} }];
  const d: ReviewDeps = {
    dataDir: null,
    serverIds: () => ['fx'],
    view: () => ({ id: 'fx', status: 'connected', capabilities: { prompts: {} } }) as unknown as ServerView,
    rawTools: () => tools,
    tools: () => [],
    prompts: () => new Promise((answer) => asked.push(answer)),
    resources: () => Promise.resolve({ resources: [], templates: [] }),
    knownPrompts: () => undefined,
    knownResources: () => undefined,
    calls: () => [],
    metaProblems: () => [],
    unsettledPins: () => [],
    takePins: () => undefined,
    pinned: () => null,
    importPins: () => undefined,
    pinsChanged: () => undefined,
    reviewed: (s) => reviewed.push(s),
    worker: null,
    audit: () => undefined,
  };
  return { review: new ReviewService(d), asked, reviewed, setTools: (t: typeof tools) => (tools = t) };
}

describe('two reviews at once', () => {
  it('keeps the one that started last, whichever ends last, and tells front ends of that one only', async () => {
    const s = service();
    const first = s.review.run();
    await expect.poll(() => s.asked.length).toBe(1);
    const second = s.review.run();
    await expect.poll(() => s.asked.length).toBe(2);
    // The second run reads its catalog first and ends first; the first ends after it, with the catalog changed since.
    s.asked[1]!([]);
    const kept = await second;
    s.setTools([{ name: 'later', description: 'Reads a file.', inputSchema: {} }]);
    s.asked[0]!([]);
    const ended = await first;
    expect(ended.servers[0]?.tools).toBe(1);
    expect(s.review.lastReport()).toBe(kept);
    expect(s.reviewed).toHaveLength(1);
    expect(s.review.text('fx', 'tool', 'first', 'description')).toBe('Reads a file.');

    // A third run, started after both, is kept.
    const third = s.review.run();
    await expect.poll(() => s.asked.length).toBe(3);
    s.asked[2]!([]);
    const latest = await third;
    expect(s.review.lastReport()).toBe(latest);
    expect(s.reviewed).toHaveLength(2);
    expect(s.review.text('fx', 'tool', 'later', 'description')).toBe('Reads a file.');
  });
});
