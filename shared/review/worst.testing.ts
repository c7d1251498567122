import type { Finding } from '../schemas/review.js';
import { reviewServers } from './review-run.js';

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
