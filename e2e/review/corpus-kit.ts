import type { ReviewServerInput } from '../../shared/review/review.js';
import type { Severity } from '../../shared/review/rules.js';

/** One case of the review corpus: servers as they would be listed, and what the review must find. */
export interface CorpusCase {
  id: string;
  about: string;
  servers: ReviewServerInput[];
  /** Every finding the case plants, by rule and severity; anything else at medium or above is a false positive. */
  expect: { rule: string; severity: Severity }[];
}

/** ASCII hidden in Unicode tag characters. */
export const tags = (s: string): string => String.fromCodePoint(...[...s].map((c) => 0xe0000 + c.charCodeAt(0)));

/** Bytes hidden in variation selectors after one visible character ("emoji smuggling"). */
export const selectors = (s: string): string =>
  String.fromCodePoint(
    ...[...s].map((c) => {
      const b = c.charCodeAt(0);
      return b < 16 ? 0xfe00 + b : 0xe0100 + b - 16;
    }),
  );

/** A plain, well-documented tool with this description (and any field overridden). */
export function tool(description: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'lookup',
    description,
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look up' } },
      required: ['query'],
    },
    ...extra,
  };
}

/** An input schema of one required string parameter with this description: where a parameter's text is the case. */
export const param = (name: string, description: string): Record<string, unknown> => ({
  inputSchema: {
    type: 'object',
    properties: { [name]: { type: 'string', description } },
    required: [name],
  },
});

/** A server's two tools, each `[name, description]`: an honest one beside the one whose text is the case. */
export const pair = (honest: [string, string], other: [string, string]): Record<string, unknown>[] => [
  tool(honest[1], { name: honest[0] }),
  tool(other[1], { name: other[0] }),
];

/** A case with one server holding the given tools. */
export function one(
  id: string,
  about: string,
  tools: Record<string, unknown>[],
  expect: CorpusCase['expect'],
  extra: Partial<ReviewServerInput> = {},
): CorpusCase {
  return { id, about, servers: [{ id: 'srv', tools, ...extra }], expect };
}

export const high = (rule: string): { rule: string; severity: Severity } => ({ rule, severity: 'high' });
export const medium = (rule: string): { rule: string; severity: Severity } => ({ rule, severity: 'medium' });
export const low = (rule: string): { rule: string; severity: Severity } => ({ rule, severity: 'low' });
