import { useEffect, useState } from 'react';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { byteSize, count } from '../../components/format';
import { recordingChanged, useRecording } from './recording-store';

/** How often the counts of a recording being written are asked for. */
const COUNTS_MS = 1000;

/**
 * Record / Stop in the Trace tab: the console's recording of every server's traffic and the decisions on their calls
 * (shared/schemas/recording.ts), written into the data directory's `recordings/` as it happens; the file, its counts
 * while it grows, and why the last one ended.
 */
export function RecordControl({ onError }: { onError: (message: string) => void }) {
  const api = useApi();
  const state = useRecording((s) => s.state);
  const [busy, setBusy] = useState(false);
  const recording = state?.recording === true;
  useEffect(() => {
    let live = true;
    const ask = () =>
      api.request('trace.recording', {}).then(
        (s) => live && recordingChanged(s),
        () => {},
      );
    void ask();
    const timer = recording ? setInterval(() => void ask(), COUNTS_MS) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, recording]);
  const toggle = () => {
    setBusy(true);
    (recording ? api.request('trace.recordStop', {}) : api.request('trace.recordStart', {}))
      .then(recordingChanged, (e: Error) => onError(e.message))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button onClick={toggle} disabled={busy} aria-pressed={recording} data-testid="trace-record">
        {recording ? 'Stop recording' : 'Record'}
      </button>
      {state?.file && (
        <span className={recording ? 'small recording-on' : 'small muted'} data-testid="trace-recording">
          {recording ? 'Recording to ' : 'Recorded to '}
          <SafeText text={state.file} />: {count(state.messages)} messages, {count(state.calls)} call states,{' '}
          {byteSize(state.bytes)}
          {state.dropped > 0 && `, ${count(state.dropped)} lines dropped (the disk fell behind)`}
          {!recording && state.reason && state.reason !== 'stopped' && ` (ended: ${state.reason})`}
        </span>
      )}
    </>
  );
}
