import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/schemas/server.js';
import { callApproved, EVERYTHING, freePort, makeCore, nextEvent, startHttp } from '../harness/harness.js';

const transports: [string, () => Promise<{ config: ServerConfig; stop?: () => void }>][] = [
  [
    'stdio',
    async () => ({ config: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: {} } }),
  ],
  [
    'streamableHttp',
    async () => {
      const port = await freePort();
      const srv = await startHttp(EVERYTHING, ['streamableHttp'], { PORT: String(port) }, /listening on port (\d+)/);
      return { config: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} }, stop: srv.stop };
    },
  ],
];

describe.each(transports)('@modelcontextprotocol/server-everything over %s', (kind, start) => {
  let h: ReturnType<typeof makeCore>;
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    const s = await start();
    stop = s.stop;
    h = makeCore();
    h.core.addServer('everything', s.config);
    const v = await h.core.connect('everything');
    expect(v).toMatchObject({ status: 'connected', transport: kind === 'stdio' ? 'stdio' : 'http' });
  });
  afterAll(async () => {
    await h?.dispose();
    stop?.();
  });

  it('lists its tools with annotations told apart from defaults', () => {
    const tools = h.core.tools('everything');
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'echo',
        'get-sum',
        'get-annotated-message',
        'get-structured-content',
        'get-tiny-image',
        'trigger-long-running-operation',
      ]),
    );
    expect(tools.length).toBeGreaterThanOrEqual(13);
    const echo = tools.find((t) => t.name === 'echo')!;
    expect(echo.declaredAnnotations).toMatchObject({ readOnlyHint: true });
    expect(echo.risk.level).toBe('read-only-claimed');
  });

  it('calls echo and get-sum through the gate', async () => {
    expect((await callApproved(h, 'everything', 'echo', { message: 'hi' })).result!.content).toEqual([
      { type: 'text', text: 'Echo: hi' },
    ]);
    expect(String((await callApproved(h, 'everything', 'get-sum', { a: 2, b: 3 })).result!.content[0]!.text)).toMatch(
      /5/,
    );
  });

  it('returns an image, annotated content and structured content that validates', async () => {
    const img = await callApproved(h, 'everything', 'get-tiny-image');
    expect(img.result!.content.some((b) => b.type === 'image' && b.mimeType === 'image/png')).toBe(true);
    const ann = await callApproved(h, 'everything', 'get-annotated-message', {
      messageType: 'error',
      includeImage: true,
    });
    expect(
      ann.result!.content.some((b) => (b.annotations as { priority?: number } | undefined)?.priority !== undefined),
    ).toBe(true);
    const st = await callApproved(h, 'everything', 'get-structured-content', { location: 'Chicago' });
    expect(st).toMatchObject({ outcome: 'ok', structured: { status: 'valid' } });
  });

  it('forwards progress from a long-running operation', async () => {
    const progress = nextEvent(h.core, 'call.progress');
    const r = await callApproved(h, 'everything', 'trigger-long-running-operation', { duration: 1, steps: 2 });
    expect(r.outcome).toBe('ok');
    expect((await progress).progress.total).toBe(2);
  });
});
