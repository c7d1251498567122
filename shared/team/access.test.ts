import { describe, expect, it } from 'vitest';
import { requestNames } from '../contract/index.js';
import { ACCESS, mayAsk, mayDecide, reachesAllAgents } from './access.js';

describe("a team service's roles", () => {
  it('places every request of the contract, and nothing that is not one (a new request is never let through)', () => {
    expect(Object.keys(ACCESS).sort()).toEqual([...requestNames].sort());
  });

  it('lets approvers decide and auditors only read and audit', () => {
    expect(mayAsk(['approver'], 'approvals.decide')).toBe(true);
    expect(mayAsk(['member'], 'approvals.decide')).toBe(false);
    expect(mayAsk(['admin'], 'approvals.decide')).toBe(false);
    expect(mayAsk(['auditor'], 'approvals.decide')).toBe(false);
    expect(mayAsk(['auditor'], 'audit.verify')).toBe(true);
    expect(mayAsk(['member'], 'audit.verify')).toBe(false);
    // An auditor changes nothing: every request an auditor may make only reads.
    const auditorMay = Object.keys(ACCESS).filter((n) => mayAsk(['auditor'], n));
    expect(auditorMay.every((n) => ACCESS[n as keyof typeof ACCESS] === 'read' || n.startsWith('audit.'))).toBe(true);
    expect(mayDecide(['member', 'auditor'])).toBe(false);
    expect(mayDecide(['member', 'approver'])).toBe(true);
  });

  it('gives admins the servers and every agent, and nobody the machine the service runs on', () => {
    expect(mayAsk(['admin'], 'servers.add')).toBe(true);
    expect(mayAsk(['approver', 'member'], 'servers.add')).toBe(false);
    expect(reachesAllAgents(['admin'])).toBe(true);
    expect(reachesAllAgents(['approver'])).toBe(false);
    expect(mayAsk(['admin', 'approver', 'member', 'auditor'], 'links.open')).toBe(false);
    expect(mayAsk(['admin'], 'no.such.request')).toBe(false);
    expect(mayAsk([], 'servers.list')).toBe(false);
  });
});
