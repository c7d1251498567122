import { resolve } from 'node:path';
import { parseArgs as parseNodeArgs } from 'node:util';
/** A command line that cannot be run as typed: the usage is printed with it, and the exit code is 2. */
export class UsageError extends Error {}

/** A parsed command line: positional words and --flags (a flag takes the next word unless it is boolean). */
export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/** The flags that take no value; every other flag takes the next word (or its `=value`). */
const BOOLEAN = new Set(['json', 'yes', 'help', 'task', 'no-browser', 'no-connect', 'update-snapshots']);

/**
 * Parses a command line with Node's `util.parseArgs`: `flagNames` are the flags any command takes
 * (typed: a boolean one takes no value). It is not strict, so a flag no command takes is kept
 * (as given) for the caller to refuse by name, with the nearest it knows; `-h` is --help, `-y` --yes.
 */
export function parseArgs(argv: string[], flagNames: Iterable<string> = []): ParsedArgs {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
    yes: { type: 'boolean', short: 'y' },
  };
  for (const f of flagNames) options[f] ??= { type: BOOLEAN.has(f) ? 'boolean' : 'string' };
  const { values, positionals } = parseNodeArgs({ args: argv, options, allowPositionals: true, strict: false });
  const flags = new Map<string, string | true>();
  for (const [name, v] of Object.entries(values))
    if (v !== undefined && v !== false) flags.set(name, v === true ? true : String(v));
  return { positional: positionals, flags };
}

/** A flag's string value, or undefined. */
export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/**
 * The policy file `--policy` names, for the core (absent: the core reads MCP_CONSOLE_POLICY and the managed location).
 */
export function policyOption(args: ParsedArgs): { named: { path: string; from: 'flag' } } | undefined {
  const p = str(args, 'policy');
  return p === undefined ? undefined : { named: { path: resolve(p), from: 'flag' } };
}
