/** The protocol trace: every JSON-RPC message each server's connection carried, bounded. */
export { TraceLog, MAX_TRACE_ENTRIES, MAX_TRACE_BYTES } from './trace-log.js';
export {
  WireTap,
  tapTransport,
  httpOf,
  approxBytes,
  keep,
  MAX_KEPT_MESSAGE_BYTES,
  type TraceRecord,
} from './tracer.js';
export { traceHandlers } from './handlers.js';
export { noteWireText, takeWireText, WIRE_TEXT_MIN } from './wire-text.js';
export {
  Recorder,
  RECORDING_FILE_MAX,
  RECORDING_QUEUE_MAX,
  type RecorderOptions,
  type RecordingSummary,
} from './recorder.js';
export { RecordingDesk } from './recording-desk.js';
