// @vitest-environment jsdom
/**
 * The fuzz step of `npm test`: random and hostile tool definitions, schemas, arguments and content
 * blocks through the catalog, schema validation, content routing and the result and catalog views
 * (jsdom). Seeded (FUZZ_SEED reproduces a run; FUZZ_CASES sets its size) and bounded: each stage
 * must return (or report a problem as data) within its time budget, never throw or hang.
 */
import { cleanup, render } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../electron/core/catalog/catalog.js';
import { checkStructured, wireJson } from '../../electron/core/calls/call-outcome.js';
import { SchemaValidator } from '../../electron/core/calls/schema-validator.js';
import { routeContent } from '../../shared/content-routing.js';
import { inspectHiddenText } from '../../shared/hidden-text.js';
import { prettyJsonText } from '../../shared/pretty-json.js';
import { safe } from '../../shared/terminal-text.js';
import { CallToolResult } from '../../shared/schemas/content.js';
import { ToolView } from '../../shared/schemas/tool.js';
import type { CallRecord } from '../../shared/schemas/call.js';
import { ApiContext } from '../../renderer/api/context';
import type { ConsoleApi } from '../../renderer/api/client';
import { useConsole } from '../../renderer/store/store';
import { ResultView } from '../../renderer/features/results/ResultView';
import { rng } from './rng';
import { ToolRow } from '../../renderer/features/catalog/ToolRow';
import { block, toolDef, value } from './generators.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CASES = Number(process.env.FUZZ_CASES ?? 150);
/** The most one stage may take on one case before it counts as unbounded. */
const STAGE_BUDGET_MS = 2000;

/** Runs one stage, records how long it took, and turns a throw into data (the stage and the message). */
function stage<T>(name: string, timings: Map<string, number>, f: () => T): T | { thrown: string } {
  const t0 = performance.now();
  try {
    return f();
  } catch (e) {
    return { thrown: `${name}: ${(e as Error)?.message ?? String(e)}` };
  } finally {
    const ms = performance.now() - t0;
    timings.set(name, Math.max(timings.get(name) ?? 0, ms));
  }
}

/** `stage` for work that ends later (a catalog build is sealed asynchronously). */
async function stageAsync<T>(
  name: string,
  timings: Map<string, number>,
  f: () => Promise<T>,
): Promise<T | { thrown: string }> {
  const t0 = performance.now();
  try {
    return await f();
  } catch (e) {
    return { thrown: `${name}: ${(e as Error)?.message ?? String(e)}` };
  } finally {
    const ms = performance.now() - t0;
    timings.set(name, Math.max(timings.get(name) ?? 0, ms));
  }
}

describe(`fuzz (seed ${SEED}, ${CASES} cases; FUZZ_SEED=${SEED} replays it)`, () => {
  const timings = new Map<string, number>();
  afterAll(() => {
    cleanup();
    console.log(
      `fuzz seed ${SEED}: slowest stages ${[...timings].map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`,
    );
  });
  const r = rng(SEED);
  const validator = new SchemaValidator();

  it('catalog, validation, routing and rendering take anything a server sends, within their time', async () => {
    let accepted = 0;
    let refused = 0;
    for (let c = 0; c < CASES; c++) {
      const where = `case ${c} (FUZZ_SEED=${SEED})`;
      // 1. The catalog: every definition is taken or skipped with a reason; what is taken is a valid ToolView.
      const defs = Array.from({ length: 1 + r.int(5) }, (_, i) => toolDef(r, i));
      const catalog = new Catalog(null);
      const built = await stageAsync('catalog', timings, async () => {
        const b = catalog.builder('s', 'identity', r.next() < 0.5);
        const usable = defs.filter(
          (d) =>
            d &&
            typeof d === 'object' &&
            !Array.isArray(d) &&
            typeof (d as { name?: unknown }).name === 'string' &&
            (d as { name: string }).name !== '' &&
            (d as { inputSchema?: unknown }).inputSchema &&
            typeof (d as { inputSchema: unknown }).inputSchema === 'object' &&
            !Array.isArray((d as { inputSchema: unknown }).inputSchema),
        );
        const seen = new Set<string>();
        const unique = usable.filter(
          (d) => !seen.has((d as { name: string }).name) && seen.add((d as { name: string }).name),
        ) as (Record<string, unknown> & {
          name: string;
        })[];
        const problems = [...b.add(unique), ...(await b.seal())];
        b.commit('initial');
        return problems;
      });
      expect(built, where).not.toHaveProperty('thrown');
      const tools = catalog.tools('s');
      for (const t of tools)
        expect(
          ToolView.safeParse(t).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [],
          `${where}: ToolView of ${JSON.stringify(t.name).slice(0, 60)}`,
        ).toEqual([]);
      accepted += tools.length;
      refused += (built as string[]).length;

      for (const t of tools) {
        // 2. Validation: a result, never a throw or a freeze, whatever the schema and the value.
        const args = value(r, 0);
        const checked = stage('validate', timings, () => validator.check(t.inputSchema, args));
        expect(checked, where).not.toHaveProperty('thrown');
        expect(['object'].includes(typeof checked), where).toBe(true);
        const wire = stage('wire', timings, () =>
          args && typeof args === 'object' && !Array.isArray(args) ? wireJson(args as Record<string, unknown>) : '{}',
        );
        if (typeof wire === 'string') expect(() => JSON.parse(wire), where).not.toThrow();
        expect(typeof stage('terminal', timings, () => safe(t.description ?? '', true)), where).toBe('string');
      }

      // 3. Results: what the core's schema accepts is routed and rendered; nothing becomes HTML.
      const content = Array.from({ length: r.int(6) }, () => block(r));
      const parsed = CallToolResult.safeParse({
        content,
        structuredContent: r.next() < 0.3 ? value(r, 0) : undefined,
        isError: r.next() < 0.2,
      });
      if (!parsed.success) continue;
      const result = parsed.data;
      for (const view of ['user', 'assistant'] as const)
        expect(
          stage('route', timings, () => routeContent(result.content, view)),
          where,
        ).not.toHaveProperty('thrown');
      const tool = tools[0];
      const structured = tool
        ? stage('structured', timings, () =>
            checkStructured(validator, tool, result.structuredContent, result.isError === true),
          )
        : undefined;
      expect(structured ?? {}, where).not.toHaveProperty('thrown');
      for (const b of result.content)
        if (b.type === 'text')
          expect(
            typeof stage(
              'hidden',
              timings,
              () => inspectHiddenText(String((b as unknown as { text: unknown }).text)).revealed,
            ),
            where,
          ).toBe('string');
      expect(typeof stage('pretty', timings, () => prettyJsonText(JSON.stringify(result))), where).toBe('string');

      const record: CallRecord = {
        id: `c${c}`,
        serverId: 's',
        tool: tool?.name ?? 't',
        argsJson: '{}',
        argsHash: 'h',
        fingerprint: 'f',
        requestedBy: { kind: 'console' },
        state: 'done',
        outcome: result.isError ? 'tool-error' : 'ok',
        requestedAt: new Date().toISOString(),
        result,
        structured: structured && !('thrown' in structured) ? structured : undefined,
      };
      useConsole.setState({ calls: { [record.id]: record } });
      const rendered = stage('render', timings, () => {
        const view = render(
          <ApiContext.Provider value={{ request: async () => ({}) } as unknown as ConsoleApi}>
            <ResultView callId={record.id} />
            {tools.slice(0, 3).map((t) => (
              <ToolRow key={t.name} tool={t} />
            ))}
          </ApiContext.Provider>,
        );
        // Nothing a server sent became markup: no script, no event handler, no script URL.
        const bad: string[] = [];
        for (const el of view.container.querySelectorAll('*')) {
          if (el.tagName === 'SCRIPT' || el.tagName === 'IFRAME' || el.tagName === 'OBJECT') bad.push(el.tagName);
          for (const a of el.getAttributeNames()) {
            const v = el.getAttribute(a) ?? '';
            if (a.startsWith('on')) bad.push(`${el.tagName} ${a}`);
            if ((a === 'href' || a === 'src') && /^\s*(javascript|vbscript|file):/i.test(v))
              bad.push(`${el.tagName} ${a}=${v.slice(0, 40)}`);
          }
        }
        view.unmount();
        return bad;
      });
      expect(rendered, where).not.toHaveProperty('thrown');
      expect(rendered, where).toEqual([]);
    }
    for (const [name, ms] of timings)
      expect(ms, `stage ${name} took ${ms.toFixed(0)} ms on one case (FUZZ_SEED=${SEED})`).toBeLessThan(
        STAGE_BUDGET_MS,
      );
    // The run exercised both sides: definitions taken and definitions refused with a reason.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 60_000);
});
