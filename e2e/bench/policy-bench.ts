/**
 * What an organisation's policy costs a call: a file of 1,000 rules, of which only the last lets the
 * benchmark's agents call `fx.echo` — so every call is checked against all of them (globs over
 * agents, servers and tools, argument conditions with RE2 patterns). The gateway bench runs the
 * console with it beside the run without one; this file also times the decision alone.
 */
import { RE2JS } from 're2js';
import { compilePolicy, evaluatePolicy } from '../../shared/policy/evaluate.js';
import { PolicyFile } from '../../shared/schemas/policy.js';

/**
 * n rules: n - 1 that do not match the benchmark's calls (a mix of the shapes a real file holds), then the allow that
 * does.
 */
export function benchPolicy(n = 1000): PolicyFile {
  const rules: PolicyFile['rules'] = [];
  for (let i = 0; i < n - 1; i++) {
    const k = i % 4;
    if (k === 0) rules.push({ id: `deny-${i}`, effect: 'deny', tool: `tool_${i}_*`, reason: `never tool ${i}` });
    else if (k === 1)
      rules.push({ id: `ask-${i}`, effect: 'ask', agent: `team-${i}-*`, server: 'fx', reason: `team ${i} asks` });
    else if (k === 2)
      rules.push({
        id: `deny-path-${i}`,
        effect: 'deny',
        tool: 'echo',
        when: [{ path: '/message', matches: `^secret-${i}-[0-9]+$` }],
        reason: `secret ${i}`,
      });
    else
      rules.push({
        id: `allow-${i}`,
        effect: 'allow',
        agent: 'agent-*',
        tool: 'echo',
        when: [{ path: '/i', range: { min: 1e9 + i } }],
        reason: `big ${i}`,
      });
  }
  rules.push({
    id: 'bench-echo',
    effect: 'allow',
    agent: 'agent-*',
    server: 'fx',
    tool: 'echo',
    reason: 'the benchmark agents echo',
  });
  return PolicyFile.parse({ rules });
}

/** Microseconds for one decision over the policy, on this process (median of many, after a warm-up). */
export function decisionMicros(file: PolicyFile, calls = 20_000): { p50: number; verdict: string } {
  const policy = compilePolicy([{ kind: 'flag', path: 'bench.json', file }]);
  const patterns = new Map<string, RE2JS>();
  const test = (p: string, t: string) => {
    let re = patterns.get(p);
    if (!re) patterns.set(p, (re = RE2JS.compile(p)));
    return re.test(t);
  };
  const call = {
    requester: { kind: 'agent' as const, name: 'agent-3' },
    serverId: 'fx',
    tool: 'echo',
    trusted: false,
    args: { message: 'load', i: 7 },
  };
  let verdict = '';
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const d = evaluatePolicy(policy, call, test);
    times.push(performance.now() - t0);
    verdict = d.verdict?.ref.id ?? 'none';
  }
  const kept = times.slice(calls / 4).sort((a, b) => a - b);
  return { p50: (kept[Math.floor(kept.length / 2)] ?? 0) * 1000, verdict };
}
