import { useRef } from 'react';
import { ServerSelect } from '../../components/ServerSelect';
import type { useTrace } from './use-trace';
import { TRACE_FILTER } from '../../components/list-filters';
import { FilterInput } from '../../components/FilterInput';
import { RecordControl } from './RecordControl';

/** The trace's bar: the server, the filter, pause, clear, export, import, the connection doctor and recording. */
export function TraceBar({ t }: { t: ReturnType<typeof useTrace> }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const { imported, actions } = t;
  return (
    <div className="row gap">
      <ServerSelect
        servers={t.servers}
        value={imported ? '' : (t.serverId ?? '')}
        onChange={actions.choose}
        testId="trace-server"
        none={imported ? '(imported)' : undefined}
      />
      <div className="segmented" role="tablist" aria-label="Show the trace as">
        <button
          role="tab"
          aria-selected={t.mode === 'rows'}
          onClick={() => t.setMode('rows')}
          data-testid="trace-mode-rows"
        >
          Rows
        </button>
        <button
          role="tab"
          aria-selected={t.mode === 'timeline'}
          onClick={() => t.setMode('timeline')}
          data-testid="trace-mode-timeline"
        >
          Timeline
        </button>
      </div>
      <FilterInput
        filter={TRACE_FILTER}
        value={t.filter}
        onChange={t.setFilter}
        label="Filter the trace"
        testId="trace-filter"
      />
      {!imported && (
        <button onClick={() => t.setPaused(!t.paused)} data-testid="trace-pause">
          {t.paused ? 'Resume' : 'Pause'}
        </button>
      )}
      {!imported && (
        <button onClick={actions.clear} data-testid="trace-clear">
          Clear
        </button>
      )}
      <button onClick={() => void actions.exportJsonl()} disabled={t.entries.length === 0} data-testid="trace-export">
        Export JSONL
      </button>
      <button onClick={() => fileRef.current?.click()} data-testid="trace-import">
        Import JSONL…
      </button>
      <input
        ref={fileRef}
        type="file"
        accept=".jsonl,.ndjson,application/x-ndjson,application/json"
        hidden
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void actions.importJsonl(f);
          e.target.value = '';
        }}
        data-testid="trace-import-file"
      />
      {!imported && (
        <button onClick={actions.runDoctor} disabled={!t.serverId} data-testid="trace-doctor">
          Doctor
        </button>
      )}
      <RecordControl onError={actions.showError} />
    </div>
  );
}
