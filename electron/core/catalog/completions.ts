import type { CompleteInput, Completion } from '../../../shared/schemas/completion.js';
import { CoreError } from '../support/index.js';
import { connectedServer, type ServerLookup } from './server-request.js';

/** The spec's limit on one answer's values. */
const MAX_VALUES = 100;
const MAX_VALUE_CHARS = 1000;

/**
 * Asks a server to complete an argument of a prompt or a variable of a resource template
 * (`completion/complete`). Completions follow keystrokes and change nothing, so they are not in the
 * audit log; the protocol trace keeps each one.
 */
export async function complete(lookup: ServerLookup, input: CompleteInput): Promise<Completion> {
  const { entry, client } = connectedServer(lookup, input.serverId);
  if (!client.getServerCapabilities()?.completions)
    throw new CoreError('no-completions', `server ${JSON.stringify(input.serverId)} does not offer completions`);
  const r = await client.complete(
    { ref: input.ref, argument: input.argument, ...(input.context && { context: { arguments: input.context } }) },
    { timeout: Math.min(entry.settings.callTimeoutMs, 10_000) },
  );
  // SECURITY: a server cannot flood the form: the values are cut to the spec's 100, each to a sane length.
  const values = r.completion.values
    .slice(0, MAX_VALUES)
    .map((v) => (v.length > MAX_VALUE_CHARS ? v.slice(0, MAX_VALUE_CHARS) : v));
  return {
    values,
    total: r.completion.total,
    hasMore: r.completion.hasMore || r.completion.values.length > MAX_VALUES || undefined,
  };
}
