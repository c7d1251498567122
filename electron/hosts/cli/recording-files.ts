import { readPlacedBytes } from '../../core/index.js';
import { mergeRecordings, readRecording, type ReadRecording } from '../../../shared/recording/read.js';

/** The largest recording a command reads (`mock` holds its answers while it serves). */
export const RECORDING_READ_MAX = 512 * 1024 * 1024;

/** The lines of a file's bytes, as strings one at a time (the whole file is never one string). */
export function* linesOf(bytes: Buffer): Generator<string> {
  let at = 0;
  while (at < bytes.length) {
    let nl = bytes.indexOf(0x0a, at);
    if (nl < 0) nl = bytes.length;
    yield bytes.toString('utf8', at, nl);
    at = nl + 1;
  }
}

/** A recording's bytes, through the door for files someone else can place. */
export const recordingBytes = (file: string): Buffer => readPlacedBytes(file, file, RECORDING_READ_MAX);

/** Recordings (`mock`, `collect`) read as one, in the order named. */
export function readRecordingFiles(files: readonly string[]): ReadRecording {
  return mergeRecordings(
    files.map((f) => readRecording(linesOf(readPlacedBytes(f, 'the recording', RECORDING_READ_MAX)))),
  );
}
