import type { Approval } from '../../../shared/schemas/call.js';
import type { ParsedArgs } from './args.js';
import type { CommandCore, CommandDecider } from './command-core.js';
import { approvalText, safe } from './format.js';
import type { Io } from './io.js';

/**
 * Decides one approval of the command's own: `--yes`, or the person on this terminal, or (with neither) nobody. Through
 * a running console the call also waits in its queue: with no terminal and no `--yes` it waits there for its person,
 * and on a terminal whoever answers first decides.
 */
export async function decideOnTerminal(core: CommandCore, a: Approval, args: ParsedArgs, io: Io): Promise<void> {
  const decide = (decision: 'approve' | 'deny', by: CommandDecider, reason?: string) =>
    core.decide({ approvalId: a.id, decision, argsHash: a.argsHash, scope: 'once', reason }, by);
  const there = core.beside ? `MCP Console (process ${core.beside.pid})` : undefined;
  // An organisation's "ask" is for a person to answer each time: a flag given in advance does not.
  const rule = a.rule?.effect === 'ask' ? a.rule : undefined;
  if (args.flags.has('yes') && rule && !io.isTTY) {
    io.err(approvalText(a));
    if (there) {
      io.err(
        `The organisation's policy rule ${safe(rule.id)} asks a person each time, and --yes does not answer it: waiting for a decision in ${there}.`,
      );
      return;
    }
    io.err(
      `Refusing to call: the organisation's policy rule ${safe(rule.id)} asks a person each time, and --yes does not answer it. Nothing was sent.`,
    );
    await decide('deny', 'system', `policy rule ${rule.id} asks a person; --yes does not answer it`);
    return;
  }
  if (args.flags.has('yes') && !rule) {
    io.err(approvalText(a));
    io.err('Approved by --yes.');
    await decide('approve', 'cli-flag', 'approved with --yes');
    return;
  }
  if (!io.isTTY) {
    if (there) {
      io.err(approvalText(a));
      io.err(`Waiting for a decision in ${there}: the call is in its queue (or run again with --yes).`);
      return;
    }
    io.err('Refusing to call: there is no terminal to ask for approval and --yes was not given. Nothing was sent.');
    await decide('deny', 'system', 'no terminal to ask and no --yes');
    return;
  }
  io.out(approvalText(a));
  if (there) io.err(`It also waits in the queue of ${there}: whoever answers first decides.`);
  const elsewhere = new AbortController();
  const off = core.onEvent((name, p) => {
    if (name === 'approval.resolved' && (p as Approval).id === a.id) elsewhere.abort();
  });
  let answer: string;
  try {
    answer = (
      await io.ask(
        a.method === 'tasks/update' ? 'Send these answers? [y/N] ' : 'Send this call? [y/N] ',
        elsewhere.signal,
      )
    )
      .trim()
      .toLowerCase();
  } catch (e) {
    if (!elsewhere.signal.aborted) throw e;
    io.err(`\nDecided in ${there ?? 'the console'}.`);
    return;
  } finally {
    off();
  }
  if (answer === 'y' || answer === 'yes') await decide('approve', 'user');
  else await decide('deny', 'user', 'denied on the terminal');
}
