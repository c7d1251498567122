import { resolve } from 'node:path';
/** A command line that cannot be run as typed: the usage is printed with it, and the exit code is 2. */
export class UsageError extends Error {}

/** Parsed command line: positional words and --flags (a flag takes the next word unless it is boolean). */
export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

const BOOLEAN = new Set(['json', 'yes', 'help', 'task', 'no-browser', 'update-snapshots']);

export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const words = argv[Symbol.iterator]();
  for (let w = words.next(); !w.done; w = words.next()) {
    const a = w.value;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) {
        flags.set(a.slice(2, eq), a.slice(eq + 1));
        continue;
      }
      // A flag takes the next word, unless it is boolean or the last word.
      const value = BOOLEAN.has(a.slice(2)) ? undefined : words.next();
      flags.set(a.slice(2), value && !value.done ? value.value : true);
    } else if (a === '-h') flags.set('help', true);
    else if (a === '-y') flags.set('yes', true);
    else positional.push(a);
  }
  return { positional, flags };
}

/** A flag's string value, or undefined. */
export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** The policy file `--policy` names, for the core (absent: the core reads MCP_CONSOLE_POLICY and the managed location). */
export function policyOption(args: ParsedArgs): { named: { path: string; from: 'flag' } } | undefined {
  const p = str(args, 'policy');
  return p === undefined ? undefined : { named: { path: resolve(p), from: 'flag' } };
}
