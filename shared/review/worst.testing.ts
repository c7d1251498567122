import type { Finding } from '../schemas/review.js';
import { reviewServers } from './review-run.js';
import { resultTexts, scanResultTexts } from './result-scan.js';

// For the review's tests: one tool reviewed alone, and the loudest of its findings in a word.

/** A tool as the tests write it: a name and a description, an input schema or annotations when they matter. */
export type TestTool = {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
};

/** The findings of one tool reviewed alone on a server of its own. */
export const findingsOf = (t: TestTool): Finding[] =>
  reviewServers([{ id: 'kit', tools: [{ inputSchema: { type: 'object', properties: {} }, ...t }] }]);

/** The loudest severity among findings: "high", "medium", or "quiet" (low or none). */
export const loudest = (fs: readonly Finding[]): 'high' | 'medium' | 'quiet' =>
  fs.some((f) => f.severity === 'high') ? 'high' : fs.some((f) => f.severity === 'medium') ? 'medium' : 'quiet';

/** The loudest severity of one tool reviewed alone. */
export const worst = (t: TestTool): 'high' | 'medium' | 'quiet' => loudest(findingsOf(t));

/** Whether one tool with a query parameter `q`, reviewed alone, raises anything at medium or above. */
export const loudWithQuery = (name: string, description: string): boolean =>
  worst({ name, description, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }) !== 'quiet';

/** A tool as the intent tests sketch it: a name, a description, and its parameters' descriptions by name. */
export type SketchTool = { name: string; description: string; params?: Record<string, string> };

/** Whether a server holding these tools draws a poisoning finding (P…) at medium or above. */
export function poisonedLoud(...tools: SketchTool[]): boolean {
  const schema = (params: Record<string, string>): Record<string, unknown> => ({
    type: 'object',
    properties: Object.fromEntries(Object.entries(params).map(([k, d]) => [k, { type: 'string', description: d }])),
  });
  const findings = reviewServers([
    {
      id: 'kit',
      tools: tools.map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: schema(t.params ?? { q: 'What to look for' }),
      })),
    },
  ]);
  return findings.some((f) => f.rule.startsWith('P') && (f.severity === 'medium' || f.severity === 'high'));
}

/** The same for one tool, its parameters given apart. */
export const poisonedOne = (name: string, description: string, params?: Record<string, string>): boolean =>
  poisonedLoud({ name, description, ...(params ? { params } : {}) });

/** The result scan's findings on a tool's result that holds this one text. */
export const scanText = (text: string): ReturnType<typeof scanResultTexts> =>
  scanResultTexts(resultTexts({ content: [{ type: 'text', text }] }).texts);

/** Whether the result scan flags a result holding this text at medium or above. */
export const loudResult = (text: string): boolean => scanText(text).some((f) => f.severity !== 'low');
