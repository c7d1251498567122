import type { CompletionRef } from '../../../shared/schemas/completion.js';
import { str, type ParsedArgs } from './args.js';
import { EXIT, UsageError, withServer, type Io } from './commands.js';
import { safe } from './format.js';

/** `complete <server> (--prompt NAME | --resource URI) --arg NAME [--value V] [--context JSON]`: one value per line. */
export async function completeCommand(args: ParsedArgs, io: Io): Promise<number> {
  const server = args.positional[1];
  if (!server) throw new UsageError('name the server');
  const prompt = str(args, 'prompt');
  const resource = str(args, 'resource');
  if ((prompt === undefined) === (resource === undefined))
    throw new UsageError('give either --prompt NAME or --resource URI-TEMPLATE');
  const name = str(args, 'arg');
  if (!name) throw new UsageError('name the argument to complete: --arg NAME');
  const ref: CompletionRef =
    prompt !== undefined ? { type: 'ref/prompt', name: prompt } : { type: 'ref/resource', uri: resource ?? '' };
  const rawContext = str(args, 'context');
  let context: Record<string, string> | undefined;
  if (rawContext !== undefined) {
    const parsed: unknown = JSON.parse(rawContext);
    if (
      !parsed ||
      typeof parsed !== 'object' ||
      Array.isArray(parsed) ||
      Object.values(parsed).some((v) => typeof v !== 'string')
    )
      throw new UsageError('--context must be a JSON object of strings (the other arguments)');
    context = parsed as Record<string, string>;
  }
  return withServer(args, io, server, async (core, id) => {
    const r = await core.ask('completions.complete', {
      serverId: id,
      ref,
      argument: { name, value: str(args, 'value') ?? '' },
      context,
    });
    if (args.flags.has('json')) io.out(JSON.stringify(r));
    else {
      for (const v of r.values) io.out(safe(v, true));
      io.err(
        `${r.values.length} value${r.values.length === 1 ? '' : 's'}${r.total !== undefined ? ` of ${r.total}` : ''}${r.hasMore ? ', more exist' : ''}`,
      );
    }
    return EXIT.ok;
  });
}
