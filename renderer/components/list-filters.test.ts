import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/schemas/audit';
import type { CallRecord } from '../../shared/schemas/call';
import type { TraceEntry } from '../../shared/schemas/trace';
import { AUDIT_FILTER, HISTORY_FILTER, TRACE_FILTER } from './list-filters';

const call = (over: Partial<CallRecord>): CallRecord =>
  ({
    id: 'c',
    serverId: 'fx',
    tool: 'echo',
    argsJson: '{"message":"hello there"}',
    state: 'done',
    outcome: 'ok',
    decidedBy: 'user',
    requestedBy: { kind: 'cli' },
    ...over,
  }) as CallRecord;

describe("each list's filter, in the one language", () => {
  it('History: words find arguments; keys narrow to a field; - excludes', () => {
    const rows = [
      call({}),
      call({ id: 'd', tool: 'delete', outcome: 'tool-error', requestedBy: { kind: 'agent', name: 'claude' } }),
    ];
    const shown = (q: string) => rows.filter(HISTORY_FILTER.matcher(q)).map((c) => c.tool);
    expect(shown('')).toEqual(['echo', 'delete']);
    expect(shown('"hello there"')).toEqual(['echo', 'delete']);
    expect(shown('tool:del')).toEqual(['delete']);
    expect(shown('by:claude')).toEqual(['delete']);
    expect(shown('by:"command line"')).toEqual(['echo']);
    expect(shown('-outcome:ok')).toEqual(['delete']);
    expect(shown('server:other')).toEqual([]);
  });

  it('Trace: method, name, direction and id', () => {
    const e = (over: Partial<TraceEntry>) =>
      ({ seq: 1, at: '', serverId: 'fx', dir: 'out', kind: 'request', ...over }) as TraceEntry;
    const rows = [
      e({ method: 'tools/call', name: 'echo', id: 4 }),
      e({ method: 'tools/list', dir: 'in', kind: 'response', id: 2 }),
    ];
    const shown = (q: string) => rows.filter(TRACE_FILTER.matcher(q)).map((x) => x.method);
    expect(shown('tools/')).toEqual(['tools/call', 'tools/list']);
    expect(shown('name:echo')).toEqual(['tools/call']);
    expect(shown('dir:in')).toEqual(['tools/list']);
    expect(shown('id:4 -kind:response')).toEqual(['tools/call']);
  });

  it('Audit log: kind, tool and words in the note', () => {
    const rows = [
      { seq: 1, time: '', kind: 'approved', tool: 'echo', reason: 'approved with --yes' },
      { seq: 2, time: '', kind: 'config', reason: 'a server was added' },
    ] as AuditEntry[];
    const shown = (q: string) => rows.filter(AUDIT_FILTER.matcher(q)).map((x) => x.seq);
    expect(shown('"--yes"')).toEqual([1]);
    // Unquoted, a leading - excludes: the entries whose text lacks "-yes".
    expect(shown('--yes')).toEqual([2]);
    expect(shown('kind:config')).toEqual([2]);
    expect(shown('-tool:echo')).toEqual([2]);
  });
});
