import { describe, expect, it } from 'vitest';
import { PolicyFile } from '../schemas/policy.js';
import { compilePolicy, evaluatePolicy, type PolicyCall } from './evaluate.js';
import { whoDecides } from './terms-text.js';

const call: PolicyCall = {
  requester: { kind: 'agent', name: 'bot' },
  serverId: 'pay',
  tool: 'refund',
  args: {},
  trusted: false,
};
const decide = (rules: unknown[]) =>
  evaluatePolicy(
    compilePolicy([{ kind: 'flag', path: 'p.json', file: PolicyFile.parse({ rules }) }]),
    call,
    () => false,
  ).verdict;

describe("an ask's terms for its deciders", () => {
  it('adds up every matching ask: the most approvers, duties kept apart if any asks, each list of deciders', () => {
    const v = decide([
      { id: 'a', effect: 'ask', server: 'pay', reason: 'r', quorum: 2 },
      { id: 'b', effect: 'allow', reason: 'r' },
      { id: 'c', effect: 'ask', tool: 'ref*', reason: 'r', notRequester: true, deciders: ['group:finance'] },
      { id: 'd', effect: 'ask', tool: 'other', reason: 'r', quorum: 5 },
      { id: 'e', effect: 'ask', reason: 'r', deciders: ['role:approver', 'group:sre'] },
    ]);
    expect(v?.effect).toBe('ask');
    expect(v?.ref.id).toBe('a');
    expect(v?.ref.terms).toEqual({
      quorum: 2,
      notRequester: true,
      deciders: [['group:finance'], ['role:approver', 'group:sre']],
    });
    expect(whoDecides(v?.ref.terms)).toBe(
      '2 different people must approve; someone of group:finance; someone of role:approver or group:sre; not the person who asked, nor the owner of the agent that asked',
    );
  });

  it('leaves an ask without terms as it was, and a deny wins over any ask', () => {
    expect(decide([{ effect: 'ask', reason: 'r' }])?.ref.terms).toBeUndefined();
    expect(whoDecides(undefined)).toMatch(/one person decides/);
    const v = decide([
      { effect: 'ask', reason: 'r', quorum: 3 },
      { effect: 'deny', tool: 'refund', reason: 'no' },
    ]);
    expect(v?.effect).toBe('deny');
    expect(v?.ref.terms).toBeUndefined();
  });

  it('takes a plain group name as a decider (the contract), and role: or group: prefixed ones', () => {
    const rule = { effect: 'ask', reason: 'r', deciders: ['sre', 'group:finance', 'role:approver'] };
    expect(PolicyFile.safeParse({ rules: [rule] }).success).toBe(true);
  });

  it('refuses terms on a rule that asks nobody, and a role that is not one', () => {
    for (const rule of [
      { effect: 'allow', reason: 'r', quorum: 2 },
      { effect: 'deny', reason: 'r', notRequester: true },
      { effect: 'ask', reason: 'r', deciders: [''] },
      { effect: 'ask', reason: 'r', deciders: ['role:owner'] },
      { effect: 'ask', reason: 'r', quorum: 6 },
    ])
      expect(PolicyFile.safeParse({ rules: [rule] }).success, JSON.stringify(rule)).toBe(false);
  });
});
