import type { CallRecord } from '../../../shared/schemas/call.js';
import type { ReviewReport, ReviewSummary } from '../../../shared/schemas/review.js';
import type { ReviewServerInput } from '../../../shared/review/review.js';
import type { ReviewDeps } from './review-deps.js';

/** Results kept per review: the newest calls of each tool are enough to see a pattern. */
const RESULTS_PER_SERVER = 200;
/** Tools named in a review summary at most (the catalog's marks); the rest are counted. */
const SUMMARY_TOOLS = 5000;

function resultTexts(c: CallRecord): string[] {
  const blocks = (c.result?.content ?? []) as { type?: string; text?: unknown }[];
  return blocks.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string);
}

/**
 * What one connected server serves, for the rules. `ask`: prompts and resources are listed again (a review someone
 * asked for); else the lists already walked count, and a part never listed is listed once. A list it cannot get marks
 * that part (`failedParts`), not the server.
 */
export async function reviewInput(
  d: ReviewDeps,
  id: string,
  failedParts: { part: 'prompts' | 'resources'; error: string }[],
  ask: boolean,
): Promise<ReviewServerInput> {
  const v = d.view(id);
  const caps = v.capabilities ?? {};
  // The automatic review lists a part once, the first time it finds it not yet listed (a server's prompts and
  // resources are otherwise listed only when a tab asks); after that it reads what the console holds.
  const askPrompts = caps.prompts ? ask || d.knownPrompts(id) === undefined : false;
  const askResources = caps.resources ? ask || d.knownResources(id) === undefined : false;
  const none = { resources: [], templates: [] };
  const [prompts, listed] = await Promise.all([
    askPrompts
      ? d
          .prompts(id)
          .catch((e: Error) => (failedParts.push({ part: 'prompts', error: `prompts/list failed: ${e.message}` }), []))
      : Promise.resolve(d.knownPrompts(id) ?? []),
    askResources
      ? d
          .resources(id)
          .catch(
            (e: Error) => (failedParts.push({ part: 'resources', error: `resources/list failed: ${e.message}` }), none),
          )
      : Promise.resolve(d.knownResources(id) ?? none),
  ]);
  const info = (v.serverInfo ?? {}) as Record<string, unknown>;
  const excluded: Record<string, string> = {};
  for (const t of d.tools(id)) if (t.excluded) excluded[t.name] = t.excluded;
  const withOutput = new Set(
    d
      .rawTools(id)
      .filter((t) => t.outputSchema !== undefined)
      .map((t) => t.name as string),
  );
  const results = d
    .calls()
    .filter((c) => c.serverId === id && c.result)
    .slice(-RESULTS_PER_SERVER)
    .map((c) => ({
      callId: c.id,
      tool: c.tool,
      texts: resultTexts(c),
      structuredMissing: withOutput.has(c.tool) && !c.result?.isError && c.result?.structuredContent === undefined,
    }));
  return {
    id,
    info: {
      name: typeof info.name === 'string' ? info.name : undefined,
      title: typeof info.title === 'string' ? info.title : undefined,
      version: typeof info.version === 'string' ? info.version : undefined,
    },
    instructions: v.instructions,
    tools: [...d.rawTools(id)],
    prompts: prompts as unknown as Record<string, unknown>[],
    resources: listed.resources as unknown as Record<string, unknown>[],
    templates: listed.templates as unknown as Record<string, unknown>[],
    results,
    excluded,
  };
}

/** What front ends need after a review: when, the counts, and per tool its worst medium or high finding. */
export function summarize(report: ReviewReport): ReviewSummary {
  const counts = { high: 0, medium: 0, low: 0 };
  const tools = new Map<string, ReviewSummary['tools'][number]>();
  for (const f of report.findings) {
    counts[f.severity]++;
    if (f.kind !== 'tool' || f.severity === 'low') continue;
    const key = `${f.server}\u0000${f.subject}`;
    const t = tools.get(key);
    if (t) t.count++;
    else if (tools.size < SUMMARY_TOOLS)
      tools.set(key, { serverId: f.server, tool: f.subject, severity: f.severity, count: 1 });
  }
  return { at: report.at, counts, tools: [...tools.values()] };
}
