import { create } from 'zustand';
import type { RecordingState } from '../../../shared/schemas/recording';

/** The console's recording (being written, or the last one), as the page mirrors it from `trace.recording`. */
export const useRecording = create<{ state: RecordingState | null }>(() => ({ state: null }));

export function recordingChanged(state: RecordingState): void {
  useRecording.setState({ state });
}
