import { whoDecides } from '../../../shared/policy/terms-text.js';
import { resolve } from 'node:path';
import { compilePolicy, explainPolicy, type PolicyCall } from '../../../shared/policy/evaluate.js';
import { re2, readPolicyFile } from '../../core/index.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { safe } from '../../../shared/terminal-text.js';
import { str, UsageError, type ParsedArgs } from './args.js';
import type { Io } from './io.js';

/** `policy check --policy F`: exit 0 when the file is a valid policy (its rules summed up), 1 when not (why). */
export function policyCheckCommand(args: ParsedArgs, io: Io): number {
  const path = policyPath(args);
  const r = readPolicyFile(path);
  if ('missing' in r) {
    io.err(`error: ${safe(path)} does not exist`);
    return 1;
  }
  if ('problem' in r) {
    io.err(`error: ${safe(r.problem)}`);
    return 1;
  }
  const count = (e: string) => r.file.rules.filter((x) => x.effect === e).length;
  const summary = {
    path,
    hash: r.hash,
    rules: r.file.rules.length,
    deny: count('deny'),
    ask: count('ask'),
    allow: count('allow'),
  };
  if (args.flags.has('json')) io.out(JSON.stringify({ ok: true, ...summary }, null, 2));
  else
    io.out(
      `${safe(path)}: a valid policy — ${summary.rules} rules (${summary.deny} deny, ${summary.ask} ask, ${summary.allow} allow)`,
    );
  return 0;
}

/**
 * `policy explain --policy F --agent A --server S --tool T --args JSON`: which rule decides the call
 * and why each other does not apply. Exit 0 whatever the answer; 1 when the file is not valid.
 */
export function policyExplainCommand(args: ParsedArgs, io: Io): number {
  const path = policyPath(args);
  const r = readPolicyFile(path);
  if (!('file' in r)) {
    io.err(`error: ${'missing' in r ? `${safe(path)} does not exist` : safe(r.problem)}`);
    return 1;
  }
  const server = str(args, 'server');
  const tool = str(args, 'tool');
  if (!server || !tool) throw new UsageError('policy explain needs --server and --tool');
  const agent = str(args, 'agent') ?? '@person';
  const requester: Requester =
    agent === '@person'
      ? { kind: 'console' }
      : agent.startsWith('@')
        ? requesterOf(agent)
        : { kind: 'agent', name: agent };
  let callArgs: unknown = {};
  const raw = str(args, 'args');
  if (raw !== undefined) {
    try {
      callArgs = JSON.parse(raw);
    } catch (e) {
      throw new UsageError(`--args is not JSON: ${(e as Error).message}`);
    }
  }
  const call: PolicyCall = {
    requester,
    serverId: server,
    tool,
    args: callArgs,
    trusted: false,
    serverIdentity: str(args, 'identity'),
    fingerprint: str(args, 'fingerprint'),
  };
  const e = explainPolicy(compilePolicy([{ kind: 'flag', path, file: r.file }]), call, (p, t) =>
    re2().compile(p).test(t),
  );
  const decision = e.verdict ? e.verdict.effect : 'none';
  if (args.flags.has('json')) {
    io.out(JSON.stringify({ decision, rule: e.verdict?.ref ?? null, voided: e.voided, rules: e.rules }, null, 2));
    return 0;
  }
  const who = requester.kind === 'agent' ? `agent ${requester.name}` : agent;
  io.out(`${safe(who)} calling ${safe(server)} / ${safe(tool)}:`);
  if (e.verdict) {
    io.out(`  ${e.verdict.effect.toUpperCase()} by ${safe(e.verdict.ref.id)}: ${safe(e.verdict.ref.reason)}`);
    if (e.verdict.effect === 'ask') io.out(`  who decides: ${safe(whoDecides(e.verdict.ref.terms))}`);
  } else io.out("  no rule decides: the person's own grants apply, or a person is asked");
  for (const v of e.voided) io.out(`  void: ${safe(v.ref.id)} — ${safe(v.why)}`);
  io.out('rules:');
  for (const x of e.rules)
    io.out(
      `  ${x.matches ? '✓' : '·'} ${safe(x.ref.id)} (${x.ref.effect})${x.matches ? '' : ` — ${safe(x.why ?? '')}`}`,
    );
  io.out(
    "Annotations are read at the spec's defaults, as for a server the person has not trusted; give --identity and --fingerprint for rules bound to them.",
  );
  return 0;
}

function policyPath(args: ParsedArgs): string {
  const p = str(args, 'policy') ?? process.env.MCP_CONSOLE_POLICY;
  if (!p) throw new UsageError('name the policy file with --policy FILE (or MCP_CONSOLE_POLICY)');
  return resolve(p);
}

function requesterOf(agent: string): Requester {
  if (agent === '@view') return { kind: 'view', serverId: '?', tool: '?' };
  if (agent === '@collection') return { kind: 'collection', name: '?', run: '?' };
  throw new UsageError(`--agent is an agent's name, @person, @view or @collection, not ${JSON.stringify(agent)}`);
}
